// A mailed link acts for someone without a password, so it never rests anywhere but in the
// mail: after a password reset, an invitation and an e-mail confirmation were requested and
// delivered through a real SMTP server, neither the database (every column of every table) nor
// a backup taken then holds any of the three live tokens read from the received mails
// (docs/decisions/076-secrets-out-of-backups-and-mails.md). Runs on PGlite and PostgreSQL.
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hashLinkToken } from '@server/auth/tokens';
import { type Database } from '@server/db/client';
import { queryRows } from '@server/db/queries';
import { createBackup } from '@server/ops/backup';
import { restoreBackup } from '@server/ops/restore';
import { createContextInner } from '@server/trpc/context';
import { createCaller } from '@server/trpc/router';
import { emptyStore, type EmptyStore } from '../support/backup-stores';
import { messages } from '@shared/messages';
import { callerFor, createTestUser } from '../support/context';
import { freshRut } from '../support/rut';
import { linkIn, mailTo, useMailWorld } from '../support/mail-inbox';

const world = useMailWorld();
const root = mkdtempSync(path.join(tmpdir(), 'tienda-secretos-'));
let restored: EmptyStore | undefined;

afterAll(async () => {
  await restored?.dispose();
  await rm(root, { recursive: true, force: true });
});

const visitor = (ip: string) => createCaller(createContextInner(world.deps, { ip }));

/** Every row of every table outside PostgreSQL's own schemas, each as its text form. */
async function everyRowAsText(db: Database): Promise<string> {
  const tables = await queryRows<{ schema: string; name: string }>(
    db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  expect(tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(['outbox', 'account_tokens', 'company_invitations', 'users']),
  );
  const rows: string[] = [];
  for (const { schema, name } of tables) {
    const found = await queryRows<{ row: string }>(
      db,
      sql.raw(`select t::text as row from "${schema}"."${name}" t`),
    );
    rows.push(...found.map((row) => row.row));
  }
  return rows.join('\n');
}

/** A token in a row's text, as itself or (in a bytea column) as its bytes in hex. */
const holds = (text: string, token: string) =>
  text.includes(token) || text.includes(Buffer.from(token).toString('hex'));

describe('secret links at rest', () => {
  const tokens: Record<string, string> = {};

  it('mails three live links whose tokens the database does not hold', async () => {
    const stamp = Date.now();
    const customer = await createTestUser(world.deps, { email: `olvido-${stamp}@empresa.uy` });
    await visitor('10.7.0.1').auth.passwordReset.request({ email: customer.user.email });
    tokens.reset = linkIn(
      await mailTo(world, customer.user.email, 'Creá una contraseña nueva'),
      '/nueva-contrasena',
    ).token;

    const owner = await createTestUser(world.deps, { emailVerified: true });
    await callerFor(world.deps, owner).account.profile.update({
      companyName: 'Secretos S.A.',
      rut: freshRut(),
    });
    const invited = `invitada-${stamp}@empresa.uy`;
    await callerFor(world.deps, owner).account.company.invite({ email: invited });
    tokens.invitation = linkIn(await mailTo(world, invited, 'Te invitaron a'), '/invitacion').token;

    const newcomer = `nueva-${stamp}@empresa.uy`;
    await visitor('10.7.0.2').auth.register({
      fullName: 'Nueva Cuenta',
      email: newcomer,
      password: 'secreto123',
    });
    tokens.verification = linkIn(
      await mailTo(world, newcomer, 'Confirmá tu correo'),
      '/confirmar-correo',
    ).token;

    for (const token of Object.values(tokens)) expect(token).toMatch(/^[a-z2-7]{32}$/);
    // They are live: the invitation opens, and each token's hash is where decision 056 puts it.
    expect(await visitor('10.7.0.3').invitations.get({ token: tokens.invitation })).toMatchObject({
      email: invited,
    });
    const everything = await everyRowAsText(world.db);
    for (const token of Object.values(tokens)) {
      expect(everything).toContain(hashLinkToken(token));
      expect(holds(everything, token), `the database holds ${token}`).toBe(false);
    }
  });

  it('keeps them out of a backup taken then, its file and its restored database', async () => {
    expect(Object.keys(tokens)).toHaveLength(3);
    const config = {
      ...world.deps.config,
      BACKUP_DIR: path.join(root, 'respaldos'),
      ...(world.database.url ? { DATABASE_URL: world.database.url } : {}),
    };
    const { file } = await createBackup(
      { db: world.db, config, storage: world.deps.storage },
      { now: world.clock.now() },
    );
    const bytes = (await readFile(file)).toString('latin1');
    restored = await emptyStore(root, 'restaurada');
    await restoreBackup(file, restored.config);
    const everything = await everyRowAsText((await restored.open()).db);
    for (const token of Object.values(tokens)) {
      expect(bytes.includes(token), `the backup file holds ${token}`).toBe(false);
      expect(everything).toContain(hashLinkToken(token));
      expect(holds(everything, token), `the restored backup holds ${token}`).toBe(false);
    }
  });

  it("shows staff in 'Correos' a sentence where the link was, and the reset's condition", async () => {
    const staff = callerFor(world.deps, await createTestUser(world.deps, { role: 'admin' }));
    const { items } = await staff.admin.mail.list({ page: 1 });
    const reset = items.find((mail) => mail.subject.startsWith('Creá una contraseña nueva'))!;
    const invitation = items.find((mail) => mail.subject.startsWith('Te invitaron a'))!;
    for (const { id } of [reset, invitation]) {
      const { text } = await staff.admin.mail.get({ id });
      expect(text).toContain(messages.mailSecretLinkHidden);
      expect(text).not.toContain('{token}');
      for (const token of Object.values(tokens)) expect(text).not.toContain(token);
    }
    expect((await staff.admin.mail.get({ id: reset.id })).text).toContain(
      messages.mailResetOnlyToAccounts,
    );
  });
});
