// The demo store starts with 'Datos de la empresa' complete: the quote editor names nothing
// missing, the CFE issuer check passes, and staff's own data is never overwritten by a later
// run of the seed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/auth/session';
import { storeProfile } from '@server/db/schema';
import { seedStoreProfile } from '@server/seed/store-profile';
import { checkIssuer } from '@server/services/invoicing/cfe-issuer';
import { getStoreIssuer } from '@server/services/store/invoicing-settings';
import { getStoreProfile } from '@server/services/store/store-profile';
import { isValidRut } from '@shared/rut';
import { missingSellerData, storeProfileInputSchema } from '@shared/schemas/store-profile';
import { invoicingSettingsInputSchema } from '@shared/schemas/invoicing-settings';
import { callerFor, createTestUser } from '../support/context';
import { useTestApp } from '../support/test-app';

const world = useTestApp();
let admin: SessionUser;

beforeAll(async () => {
  admin = await createTestUser(world.deps, { role: 'admin' });
});

describe('the demo store profile', () => {
  it('is complete, with a RUT that passes its check digit', async () => {
    // Before the seed the editor warns: the test can tell the seed's data from the defaults.
    expect(missingSellerData(await getStoreProfile(world.db, world.deps.config))).toEqual([
      'el RUT',
    ]);
    await seedStoreProfile(world.db);
    const profile = await getStoreProfile(world.db, world.deps.config);
    expect(profile.rut).not.toBeNull();
    expect(isValidRut(profile.rut!)).toBe(true);
    expect(missingSellerData(profile)).toEqual([]);
    for (const field of ['legalName', 'address', 'phone', 'email', 'paymentTerms'] as const) {
      expect(profile[field].trim(), field).not.toBe('');
    }
    // What DGI asks of the issuer: checkIssuer throws naming the first missing field.
    const issuer = checkIssuer(await getStoreIssuer(world.db, world.deps.config));
    expect(issuer).toMatchObject({
      rut: profile.rut,
      legalName: profile.legalName,
      branchCode: 1,
      city: 'Montevideo',
      department: 'Montevideo',
      resolution: '1234/2023',
    });
    expect(issuer.fiscalAddress).not.toBe('');
  });

  it("is what staff's forms show, and saves again as it is", async () => {
    const caller = callerFor(world.deps, admin);
    const { logoUrl: _logo, ...shown } = await caller.admin.store.get();
    expect(storeProfileInputSchema.safeParse(shown).success).toBe(true);
    const invoicing = await caller.admin.store.invoicing();
    expect(invoicingSettingsInputSchema.safeParse(invoicing).success).toBe(true);
  });

  it("runs again without touching the store's saved data", async () => {
    const caller = callerFor(world.deps, admin);
    const { logoUrl: _logo, ...shown } = await caller.admin.store.get();
    await caller.admin.store.update({ ...shown, rut: shown.rut ?? '', legalName: 'Otra S.A.' });
    await seedStoreProfile(world.db);
    expect(await world.db.$count(storeProfile)).toBe(1);
    expect((await getStoreProfile(world.db, world.deps.config)).legalName).toBe('Otra S.A.');
  });
});
