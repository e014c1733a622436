// The customer's own company data ('Razón social', RUT), kept for the next quote's checkout.
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { CompanyFields } from '@shared/schemas/company';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { failsAs } from '../failed-step';

export async function getCompanyProfile(db: Database, customerId: number) {
  const [row] = await failsAs(messages.userDataFailed, () =>
    db
      .select({ companyName: customers.companyName, rut: customers.rut })
      .from(customers)
      .where(eq(customers.id, customerId)),
  );
  return { companyName: row?.companyName ?? '', rut: row?.rut ?? '' };
}

export async function updateCompanyProfile(db: Database, customerId: number, input: CompanyFields) {
  await db
    .update(customers)
    .set({ companyName: input.companyName ?? null, rut: input.rut ?? null })
    .where(eq(customers.id, customerId));
}
