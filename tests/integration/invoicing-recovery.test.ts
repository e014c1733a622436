// What happens to a fiscal document when things go wrong, on PGlite and PostgreSQL, against the
// simulated provider and a clock the test moves (docs/decisions/087-cfe-documents-as-jobs.md):
// the provider down across a restart of the store, an answer lost between sending and
// recording, and DGI rejecting a document. In each, exactly one document is issued per
// intention, and nothing is retried behind staff's back.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import type { AppDeps } from '@server/app-deps';
import { outbox } from '@server/db/schema';
import { cfeRetryDelayMs, createCfeWorker } from '@server/services/invoicing/cfe-worker';
import type { SimulatedProvider } from '@server/services/invoicing/simulated-provider';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { acceptedOrder, documentsOf, setUpIssuer } from '../support/cfe';
import { movableClock } from '../support/clock';
import { useTestApp } from '../support/test-app';

const clock = movableClock();
const world = useTestApp({ clock });
let buyer: SessionUser;
let admin: SessionUser;
const ACME = { companyName: 'Acme SA', rut: '214844360018' };
/** Past any lease and any poll delay the worker sets. */
const A_WHILE_MS = 15 * 60 * 1000;

beforeAll(async () => {
  buyer = await createTestUser(world.deps, { fullName: 'Compras Acme' });
  admin = await createTestUser(world.deps, { role: 'admin', fullName: 'Laura Admin' });
  await setUpIssuer(world.deps, admin);
});

const simulatorOf = (deps: AppDeps) => deps.cfeProvider as SimulatedProvider;
// What one test breaks in the file's provider, the next finds mended.
afterEach(() => {
  Object.assign(simulatorOf(world.deps).behaviour, { isDown: false, rejectNext: null });
});
const runCfe = (deps: AppDeps) => createCfeWorker(deps).runDue();
/** An accepted order whose e-Factura is queued; the clock then moves to the worker's pass. */
async function invoiceFor(purchaseOrder: string) {
  const orderId = await acceptedOrder(
    world.deps,
    { buyer, admin },
    {
      company: ACME,
      lines: [{ price: '250.00', quantity: 2 }],
      exchangeRate: '40',
      purchaseOrder,
    },
  );
  // Queued documents are due from the database's now(), which runs ahead of this clock.
  clock.advance(A_WHILE_MS);
  return orderId;
}

async function invoiceMailsOf(deps: AppDeps, orderId: number) {
  const mails = await deps.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
  return mails.filter((mail) =>
    (mail.payload as { subject: string }).subject.endsWith(`del pedido N° ${orderId}`),
  );
}

describe('the provider down, the store restarted, the provider back', () => {
  it('keeps the invoice pending through the outage and issues it once after the restart', async () => {
    const before = await simulatorOf(world.deps).issuedCount();
    simulatorOf(world.deps).behaviour.isDown = true;
    const orderId = await invoiceFor('OC-CAIDA-1');

    // Every attempt fails to reach the provider; each waits longer than the one before.
    expect(await runCfe(world.deps)).toBe(1);
    let [doc] = await documentsOf(world.deps, orderId);
    expect(doc).toMatchObject({ state: 'queued', attempts: 1, serie: null });
    expect(doc!.lastError).toBeTruthy();
    const firstWait = doc!.nextAttemptAt!.getTime() - clock.now().getTime();
    expect(firstWait).toBe(cfeRetryDelayMs(1));
    // Not due yet: the worker leaves it alone.
    expect(await runCfe(world.deps)).toBe(0);
    clock.advance(firstWait);
    expect(await runCfe(world.deps)).toBe(1);
    [doc] = await documentsOf(world.deps, orderId);
    expect(doc).toMatchObject({ state: 'queued', attempts: 2 });
    expect(doc!.nextAttemptAt!.getTime() - clock.now().getTime()).toBe(cfeRetryDelayMs(2));

    // The store restarts: new deps on the same database, with a provider that answers again.
    const restarted = createTestDeps(world.db, { clock });
    expect(simulatorOf(restarted).behaviour.isDown).toBe(false);
    clock.advance(cfeRetryDelayMs(2));
    expect(await runCfe(restarted)).toBe(1);
    [doc] = await documentsOf(restarted, orderId);
    expect(doc).toMatchObject({ state: 'pending_dgi', serie: 'A' });
    clock.advance(A_WHILE_MS);
    await runCfe(restarted);

    const docs = await documentsOf(restarted, orderId);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ state: 'accepted', number: doc!.number, lastError: null });
    expect(docs[0]!.caeId).toBeTruthy();
    expect(await simulatorOf(restarted).issuedCount()).toBe(before + 1);
    expect(await invoiceMailsOf(restarted, orderId)).toHaveLength(1);
    // Nothing more to do, however long the store keeps running.
    clock.advance(A_WHILE_MS);
    expect(await runCfe(restarted)).toBe(0);
  });
});

describe('an answer lost between sending and recording', () => {
  it('asks the provider by the idempotency key before sending again, so it issues once', async () => {
    const before = await simulatorOf(world.deps).issuedCount();
    // The provider issues, and the answer never reaches the store (the connection cut, or the
    // store stopped before it wrote what it got back).
    const real = simulatorOf(world.deps);
    const losing = createTestDeps(world.db, { clock });
    losing.cfeProvider = {
      ...real,
      async issue(draft, key) {
        await real.issue(draft, key);
        throw new Error('conexión cortada antes de la respuesta');
      },
    };
    const orderId = await invoiceFor('OC-PERDIDA-1');
    expect(await runCfe(losing)).toBe(1);
    let [doc] = await documentsOf(world.deps, orderId);
    expect(doc).toMatchObject({ state: 'queued', attempts: 1, serie: null });
    expect(await real.issuedCount()).toBe(before + 1);

    // The store (restarted, with a sound connection) tries again when it is due.
    clock.advance(A_WHILE_MS);
    const restarted = createTestDeps(world.db, { clock });
    const sends: string[] = [];
    restarted.cfeProvider = {
      ...real,
      issue(draft, key) {
        sends.push(key);
        return real.issue(draft, key);
      },
    };
    expect(await runCfe(restarted)).toBe(1);
    [doc] = await documentsOf(restarted, orderId);
    expect(doc!.state).toMatch(/pending_dgi|accepted/);
    // It asked by the key and found the document: nothing was sent a second time.
    expect(sends).toEqual([]);
    clock.advance(A_WHILE_MS);
    await runCfe(restarted);

    const docs = await documentsOf(restarted, orderId);
    expect(docs).toHaveLength(1);
    expect(docs[0]!.state).toBe('accepted');
    // The provider holds the one document it issued the first time: no second number.
    expect(await real.issuedCount()).toBe(before + 1);
    expect(await invoiceMailsOf(restarted, orderId)).toHaveLength(1);
  });
});

describe('a document DGI rejects', () => {
  it('stays rejected with its reason, is never retried by itself, and is re-issued as a new one', async () => {
    const simulator = simulatorOf(world.deps);
    const reason = 'E05 Firma electrónica no válida';
    simulator.behaviour.rejectNext = reason;
    const orderId = await invoiceFor('OC-RECHAZO-1');
    await runCfe(world.deps);
    clock.advance(A_WHILE_MS);
    await runCfe(world.deps);

    const [rejected] = await documentsOf(world.deps, orderId);
    expect(rejected).toMatchObject({ state: 'rejected', dgiReason: reason, nextAttemptAt: null });
    const issuedAfterRejection = await simulator.issuedCount();
    // No silent retry: the worker never takes a rejected document up again.
    clock.advance(A_WHILE_MS);
    expect(await runCfe(world.deps)).toBe(0);
    expect(await simulator.issuedCount()).toBe(issuedAfterRejection);
    // Nor does the buyer get a mail for a document DGI did not accept.
    expect(await invoiceMailsOf(world.deps, orderId)).toHaveLength(0);

    // Staff issue it again: a new document, a new number, the rejected one kept as it was.
    const staff = callerFor(world.deps, admin);
    const { id } = await staff.admin.invoices.reissue({ id: rejected!.id });
    await expect(staff.admin.invoices.reissue({ id: rejected!.id })).rejects.toThrow();
    await runCfe(world.deps);
    clock.advance(A_WHILE_MS);
    await runCfe(world.deps);

    const docs = await documentsOf(world.deps, orderId);
    expect(docs).toHaveLength(2);
    expect(docs[0]).toMatchObject({ id: rejected!.id, state: 'rejected', dgiReason: reason });
    expect(docs[1]).toMatchObject({
      id,
      state: 'accepted',
      replacesDocumentId: rejected!.id,
      kind: rejected!.kind,
    });
    expect(docs[1]!.number).not.toBe(rejected!.number);
    expect(docs[1]!.idempotencyKey).not.toBe(rejected!.idempotencyKey);
    expect(await simulator.issuedCount()).toBe(issuedAfterRejection + 1);
    expect(await invoiceMailsOf(world.deps, orderId)).toHaveLength(1);
  });
});
