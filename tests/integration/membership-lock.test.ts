// A member who leaves while their quote is being priced (services/pricing/pricing.ts): the
// quote's transaction reads the membership FOR KEY SHARE (lockedBuyerOf), so the departure waits
// for its commit instead of landing between the prices and the insert. What a page shows reads
// the membership without a lock (buyerOf). PostgreSQL only: PGlite runs one transaction at a
// time, so there is nothing to wait for.
import { describe, expect, it } from 'vitest';
import { leaveCompany } from '@server/services/companies/company-members';
import { buyerOf, lockedBuyerOf } from '@server/services/pricing/pricing';
import { createTestDeps, createTestUser } from '../support/context';
import { newCompany, setCompanyOf } from '../support/pricing';
import { useTestApp } from '../support/test-app';

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const world = useTestApp();

/** Long enough for an unblocked departure (a few milliseconds) to have landed. */
const settled = () =>
  new Promise<'still waiting'>((done) => setTimeout(done, 400, 'still waiting'));

describe.skipIf(!ON_POSTGRES)('the membership while a quote is priced', () => {
  it('keeps a departure waiting until the quote commits; a read makes nobody wait', async () => {
    const deps = createTestDeps(world.db);
    const buyer = await createTestUser(deps, { fullName: 'Compras Durante' });
    const customerId = buyer.customer!.id;
    const companyId = await newCompany(world.db, 'Cotiza y Se Va S.A.');
    await setCompanyOf(world.db, customerId, companyId);

    // A page's read holds nothing afterwards.
    expect((await buyerOf(world.db, customerId)).companyId).toBe(companyId);

    let commit!: () => void;
    let priced!: () => void;
    const isPriced = new Promise<void>((done) => (priced = done));
    const quote = world.db.transaction(async (tx) => {
      expect((await lockedBuyerOf(tx, customerId)).companyId).toBe(companyId);
      priced();
      await new Promise<void>((done) => (commit = done));
    });
    await isPriced;
    const departure = leaveCompany(world.db, customerId).then(() => 'left' as const);
    expect(await Promise.race([departure, settled()])).toBe('still waiting');

    commit();
    await quote;
    expect(await departure).toBe('left');
    expect((await buyerOf(world.db, customerId)).companyId).toBeNull();
  });
});
