// The store is no relay for strangers' mail (docs/decisions/076-secrets-out-of-backups-and-mails.md):
// only an account whose address is confirmed invites, invitations are capped a day per inviting
// account (whatever company) and per invited address, and what a customer typed (a razón
// social, a name) never reaches a mail's subject.
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { ACCOUNT_MAIL_LIMITS } from '@server/rate-limits';
import { messages } from '@shared/messages';
import { freshRut } from '../support/rut';
import { callerFor, createTestUser } from '../support/context';
import { deliveredTo, mailTo, useMailWorld } from '../support/mail-inbox';

const world = useMailWorld();
let counter = 0;

const as = (user: SessionUser) => callerFor(world.deps, user);

/** A new account administering a new company named `companyName`. */
async function companyAdmin(options: { emailVerified: boolean; companyName?: string }) {
  const admin = await createTestUser(world.deps, {
    emailVerified: options.emailVerified,
    fullName: 'Soporte Técnico',
  });
  await as(admin).account.profile.update({
    companyName: options.companyName ?? `Empresa ${++counter}`,
    rut: freshRut(),
  });
  return admin;
}

const address = (name: string) => `${name}-${++counter}-${Date.now()}@afuera.uy`;

describe('who may invite', () => {
  it('refuses an administrator whose address is not confirmed, under the e-mail field', async () => {
    const admin = await companyAdmin({ emailVerified: false });
    const refusal: unknown = await as(admin)
      .account.company.invite({ email: address('extrano') })
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.invitationNeedsVerifiedEmail,
      cause: { issues: [{ path: ['email'] }] },
    });
    expect((await as(admin).account.company.members())?.invitations).toEqual([]);
  });
});

describe('how many', () => {
  it('caps the invitations of one account a day, below what one company may send', async () => {
    expect(ACCOUNT_MAIL_LIMITS.invitationsPerInviterPerDay).toBeLessThan(
      ACCOUNT_MAIL_LIMITS.invitationsPerDay,
    );
    const admin = await companyAdmin({ emailVerified: true });
    for (let i = 0; i < ACCOUNT_MAIL_LIMITS.invitationsPerInviterPerDay; i += 1) {
      await as(admin).account.company.invite({ email: address('colega') });
    }
    await expect(
      as(admin).account.company.invite({ email: address('una-mas') }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: messages.invitationTooMany });
  });

  it('caps the invitations one address receives a day, from any company', async () => {
    const target = address('blanco');
    for (let i = 0; i < ACCOUNT_MAIL_LIMITS.invitationsPerRecipientPerDay; i += 1) {
      const admin = await companyAdmin({ emailVerified: true });
      await as(admin).account.company.invite({ email: target });
    }
    const another = await companyAdmin({ emailVerified: true });
    await expect(as(another).account.company.invite({ email: target })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: messages.invitationTooManyToAddress,
    });
    // Another address is not refused because of that one.
    await as(another).account.company.invite({ email: address('otra') });
  });
});

describe("an invitation's mail", () => {
  it('says in its subject only the store, never the company or the person who typed them', async () => {
    const lure = 'URGENTE cuenta bloqueada: ingrese a http://malo.example';
    const admin = await companyAdmin({ emailVerified: true, companyName: lure });
    const invited = address('invitada');
    await as(admin).account.company.invite({ email: invited });
    const mail = await mailTo(world, invited, 'Te invitaron a');
    expect(mail.subject).toBe('Te invitaron a una empresa en Tienda');
    expect(mail.subject).not.toContain('URGENTE');
    expect(mail.subject).not.toContain('Soporte');
    // The body still says who invites, as text the reader can judge.
    expect(mail.text).toContain(lure);
  });

  it('is not sent once the invitation was cancelled: its link would open nothing', async () => {
    const admin = await companyAdmin({ emailVerified: true });
    const invited = address('cancelada');
    await as(admin).account.company.invite({ email: invited });
    const [pending] = (await as(admin).account.company.members())!.invitations;
    await as(admin).account.company.cancelInvitation({ invitationId: pending!.id });
    expect(await deliveredTo(world, invited)).toEqual([]);
  });
});
