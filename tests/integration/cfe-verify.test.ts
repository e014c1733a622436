// 'Verificar comprobante' (/comprobantes/verificar): a document the simulated provider issued is
// found by its printed serie, number and security code, all three exact; anything else gets one
// answer that does not tell which part was wrong; the answer holds what the printed document
// shows, never its receiver; and the procedure is limited per address
// (docs/decisions/097-e-ticket-verification.md). PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import type { AppDeps } from '@server/app-deps';
import type { SessionUser } from '@server/auth/session';
import { cfeDocuments } from '@server/db/schema';
import { messages } from '@shared/messages';
import type { CfeVerifyFormValues } from '@shared/schemas/cfe-verify';
import { callerFor, createTestUser } from '../support/context';
import { acceptedOrder, documentsOf, issueAll, runCfe, setUpIssuer } from '../support/cfe';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
let admin: SessionUser;
let consumer: SessionUser;
let company: SessionUser;
type Doc = Awaited<ReturnType<typeof documentsOf>>[number];
let ticket: Doc;
let invoice: Doc;
let pending: Doc;

const ACME = { companyName: 'Acme Receptora SA', rut: '214844360018' };

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin', fullName: 'Laura Admin' });
  consumer = await createTestUser(world.deps, { fullName: 'Ana Consumidora' });
  company = await createTestUser(world.deps, { fullName: 'Compras Acme' });
  await setUpIssuer(world.deps, admin);
  const ticketOrder = await acceptedOrder(
    world.deps,
    { buyer: consumer, admin },
    { lines: [{ price: '100.00', quantity: 1 }], exchangeRate: '40' },
  );
  [ticket] = (await issueAll(world.deps, ticketOrder)) as [Doc];
  const invoiceOrder = await acceptedOrder(
    world.deps,
    { buyer: company, admin },
    { company: ACME, lines: [{ price: '50.00', quantity: 2 }], exchangeRate: '40' },
  );
  [invoice] = (await issueAll(world.deps, invoiceOrder)) as [Doc];
  // Signed and sent, DGI's answer not in yet: the worker's first pass only.
  const pendingOrder = await acceptedOrder(
    world.deps,
    { buyer: consumer, admin },
    { lines: [{ price: '10.00', quantity: 3 }], exchangeRate: '40' },
  );
  await runCfe(world.deps);
  [pending] = (await documentsOf(world.deps, pendingOrder)) as [Doc];
});

/** The form's values for a document, as printed. */
const printedOf = (doc: Doc): CfeVerifyFormValues => ({
  serie: doc.serie!,
  number: String(doc.number),
  code: doc.securityCode!,
});

const verify = (values: CfeVerifyFormValues, deps: AppDeps = world.deps) =>
  callerFor(deps, null).cfe.verify(values);

describe('verifying a printed document', () => {
  it('finds an issued e-Ticket by serie, number and security code', async () => {
    expect(ticket).toMatchObject({ kind: 101, state: 'accepted', total: '122.00' });
    expect(await verify(printedOf(ticket))).toEqual({
      kind: 101,
      kindLabel: 'e-Ticket',
      serie: 'A',
      number: ticket.number,
      issuedOn: ticket.issuedOn,
      issuer: { legalName: 'Tienda SA', rut: '219999830019' },
      total: '122.00',
      currency: 'USD',
      state: 'accepted',
      stateLabel: 'Aceptado por DGI',
      isTest: true,
    });
  });

  it('reads the serie as typed in small letters, the code only exactly', async () => {
    const values = printedOf(ticket);
    expect(await verify({ ...values, serie: ` ${values.serie.toLowerCase()} ` })).toMatchObject({
      number: ticket.number,
    });
    const otherCase = values.code.replace(/[a-z]/i, (char) =>
      char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase(),
    );
    expect(otherCase).not.toBe(values.code);
    await expect(verify({ ...values, code: otherCase })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.cfeVerifyNotFound,
    });
  });

  it('answers one message for a wrong code, number or serie', async () => {
    const values = printedOf(ticket);
    const wrongCode = (values.code[0] === 'A' ? 'B' : 'A') + values.code.slice(1);
    for (const wrong of [
      { ...values, code: wrongCode },
      { ...values, number: String(ticket.number! + 1000) },
      { ...values, serie: 'B' },
      // Another e-Ticket's code with this one's number.
      { ...values, code: pending.securityCode! },
    ]) {
      await expect(verify(wrong)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message:
          'No encontramos un comprobante con esos datos. Revisá la serie, el número y el código de seguridad.',
      });
    }
  });

  it('finds a document still waiting for DGI, and says so', async () => {
    expect(pending).toMatchObject({ state: 'pending_dgi' });
    expect(await verify(printedOf(pending))).toMatchObject({
      number: pending.number,
      state: 'pending_dgi',
      stateLabel: 'Enviado a DGI, a la espera de su respuesta',
    });
  });

  it('does not find a document DGI rejected (its number burnt)', async () => {
    // Written directly: the simulated provider's rejection is invoicing-recovery.test.ts's.
    await world.db
      .update(cfeDocuments)
      .set({ state: 'rejected' })
      .where(eq(cfeDocuments.id, pending.id));
    await expect(verify(printedOf(pending))).rejects.toMatchObject({
      message: messages.cfeVerifyNotFound,
    });
  });

  it('tells nothing of the receiver: not a company’s name, RUT or address', async () => {
    expect(invoice).toMatchObject({ kind: 111, state: 'accepted' });
    const answer = await verify(printedOf(invoice));
    expect(answer).toMatchObject({ kindLabel: 'e-Factura', number: invoice.number });
    const text = JSON.stringify(answer);
    for (const receiver of [ACME.companyName, ACME.rut, 'Colonia 1000', company.user.email]) {
      expect(text).not.toContain(receiver);
    }
    expect(JSON.stringify(await verify(printedOf(ticket)))).not.toContain('Ana Consumidora');
  });

  it('refuses malformed values at their fields, in Spanish', async () => {
    const error = await verify({ serie: '1', number: '0', code: 'abc' }).then(
      () => null,
      (e: unknown) =>
        e as { code: string; cause?: { issues?: { path: string[]; message: string }[] } },
    );
    expect(error?.code).toBe('BAD_REQUEST');
    const byField = Object.fromEntries(
      (error?.cause?.issues ?? []).map((issue): [string, string] => [
        issue.path[0]!,
        issue.message,
      ]),
    );
    expect(byField).toEqual({
      serie: 'Revisá la serie: son una o dos letras, como A',
      number: 'Revisá el número: es un entero positivo, sin puntos',
      code: 'Revisá el código de seguridad: son los 6 caracteres impresos bajo el código QR',
    });
  });
});

describe('the procedure’s limit', () => {
  it('is per address: past its budget a client gets 429, another address goes on', async () => {
    const limited: AppDeps = {
      ...world.deps,
      rateLimiter: new RateLimiterMemory({ points: 2, duration: 60 }),
    };
    const app = await buildApp(limited);
    try {
      const ask = (values: CfeVerifyFormValues, ip: string) =>
        app.inject({
          method: 'GET',
          url: `/trpc/cfe.verify?input=${encodeURIComponent(JSON.stringify({ json: values }))}`,
          remoteAddress: ip,
        });
      const wrong = { ...printedOf(ticket), number: String(ticket.number! + 1000) };
      const statuses = [
        (await ask(printedOf(ticket), '10.7.7.7')).statusCode,
        (await ask(wrong, '10.7.7.7')).statusCode,
        // The right values too: past the budget nothing is looked up.
        (await ask(printedOf(ticket), '10.7.7.7')).statusCode,
      ];
      expect(statuses).toEqual([200, 404, 429]);
      expect((await ask(printedOf(ticket), '10.6.6.6')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
