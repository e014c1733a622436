// /privacidad and /terminos: texts staff edit in the dashboard. Until someone saves one, the
// store's starting text (legal-page-defaults.ts) is shown.
import { eq } from 'drizzle-orm';
import type { LegalPageSlug } from '@shared/legal-pages';
import type { LegalPageInput } from '@shared/schemas/legal-pages';
import type { Executor } from '../../db/client';
import { sitePages } from '../../db/schema';
import { DEFAULT_LEGAL_PAGES } from './legal-page-defaults';

export async function getLegalPage(db: Executor, slug: LegalPageSlug) {
  const [row] = await db
    .select({ title: sitePages.title, body: sitePages.body, updatedAt: sitePages.updatedAt })
    .from(sitePages)
    .where(eq(sitePages.slug, slug));
  return { slug, ...(row ?? { ...DEFAULT_LEGAL_PAGES[slug], updatedAt: null }) };
}

export async function saveLegalPage(
  db: Executor,
  input: LegalPageInput,
  staff: { userId: number },
  now: Date,
) {
  const values = { title: input.title, body: input.body, updatedAt: now, updatedBy: staff.userId };
  await db
    .insert(sitePages)
    .values({ slug: input.slug, ...values })
    .onConflictDoUpdate({ target: sitePages.slug, set: values });
}
