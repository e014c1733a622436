// Concurrency of credit and collections, whose point is the PostgreSQL pass (DATABASE_URL):
// acceptances of one company at once never pass its credit line together (the company row's
// lock, docs/decisions/083-terms-credit-and-due-dates.md), and payments at once never
// over-apply an order (the orders' locks, 084-payments-statement-and-receivables.md). PGlite
// runs them one at a time, which checks the arithmetic but no locking.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { storeDay } from '@shared/format';
import { CREDIT_APPROVAL_STATUS } from '@shared/order-status';
import { acceptedQuote, orderAxis, revisedQuote } from '../support/collections';
import { callerFor, createTestUser } from '../support/context';
import { freshRut } from '../support/rut';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
let staff: SessionUser;

beforeAll(async () => {
  staff = await createTestUser(world.deps, { role: 'admin' });
});

/** A company of its own, with one administrator who buys, and this credit limit. */
async function companyWithLimit(creditLimit: string) {
  const rut = freshRut();
  const buyer = await createTestUser(world.deps);
  await callerFor(world.deps, buyer).account.profile.update({ companyName: `Empresa ${rut}`, rut });
  const members = await callerFor(world.deps, buyer).account.company.members();
  await callerFor(world.deps, staff).admin.collections.setTerms({
    companyId: members!.company.id,
    paymentTermsDays: 30,
    paymentTermsFrom: 'acceptance',
    creditLimit,
  });
  return { buyer, companyId: members!.company.id };
}

describe('acceptances at once', () => {
  it('conclude only what the credit line holds; the rest wait for the store', async () => {
    const { buyer, companyId } = await companyWithLimit('1000');
    const quotes = [];
    for (let i = 0; i < 8; i += 1) {
      quotes.push(await revisedQuote(world.deps, { buyer, staff, total: '305' }));
    }
    const answers = await Promise.all(
      quotes.map(({ id }) =>
        callerFor(world.deps, buyer).account.orders.accept({ id, revision: 1 }),
      ),
    );
    const held = answers.filter((answer) => answer.creditHold);
    expect(answers.length - held.length).toBe(3);
    const statuses = await Promise.all(
      quotes.map(async ({ id }) => (await orderAxis(world.db, id)).status),
    );
    expect(statuses.filter((status) => status === 'Concretado')).toHaveLength(3);
    expect(statuses.filter((status) => status === CREDIT_APPROVAL_STATUS)).toHaveLength(5);
    const credit = await callerFor(world.deps, staff).admin.collections.credit({ id: companyId });
    expect(credit).toMatchObject({ used: '915.00', available: '85.00' });
  });
});

describe('payments at once', () => {
  it('never apply more to an order than it owes', async () => {
    const { buyer, companyId } = await companyWithLimit('');
    const { id } = await acceptedQuote(world.deps, { buyer, staff, total: '1000' });
    const today = storeDay(world.deps.clock.now());
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        callerFor(world.deps, staff).admin.collections.recordPayment({
          payer: { companyId },
          method: 'cash',
          currency: 'USD',
          amount: '300',
          receivedOn: today,
          orderIds: [id],
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3);
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(refused.map((attempt) => (attempt.reason as Error).message)).toEqual(
      Array(5).fill(
        expect.stringMatching(/^El pago supera el saldo pendiente/) as unknown as string,
      ),
    );
    const order = await callerFor(world.deps, staff).admin.collections.orderPayment({
      orderId: id,
    });
    expect(order).toMatchObject({ paid: '900.00', balance: '100.00' });
  });
});
