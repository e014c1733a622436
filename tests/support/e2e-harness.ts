// Rows the browser specs cannot write through the store itself, set by the e2e server only
// (never by buildApp: the app the store runs has no such route). Today: which company a
// customer buys for, until issue 31's company pages let staff add members.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@server/db/client';
import { customers, users } from '@server/db/schema';

export const E2E_COMPANY_ROUTE = '/__e2e/company-of';

export function registerE2eHarness(app: FastifyInstance, db: Database) {
  app.post<{ Body: { email: string; companyId: number } }>(E2E_COMPANY_ROUTE, async (request) => {
    const { email, companyId } = request.body;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no account ${email}`);
    await db.update(customers).set({ companyId }).where(eq(customers.userId, user.id));
    return { ok: true };
  });
}
