// The store's own data ('Datos de la empresa'): the one place the quote PDF, the mails, the
// contact page, the footer and the Organization data read it from
// (docs/decisions/054-store-profile.md).
import { randomBytes } from 'node:crypto';
import { eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { messages } from '@shared/messages';
import { smallImageUrl } from '@shared/images';
import { DEFAULT_VALIDITY_DAYS, type StoreProfileInput } from '@shared/schemas/store-profile';
import type { Config } from '../../config';
import { constantQuery, queryPreparedRows } from '../../db/queries';
import { type Database, type Executor } from '../../db/client';
import { type QuoteSeller, quoteRevisions, storeProfile } from '../../db/schema';
import { failsAs } from '../../failed-step';
import { assertImage, sanitizeFileBaseName, saveImageRenditions } from '../../storage/images';
import type { Storage } from '../../storage/storage';
import { changedFields, recordAudit } from '../infra/audit';
import { swapImage } from '../infra/image-swap';

/** The name a store that never saved its data goes by (the site's own name). */
export const DEFAULT_LEGAL_NAME = 'Tienda';
const STORE_ROW_ID = 1;

export type StoreProfile = StoreProfileInput & { logoUrl: string | null };

/** The environment's CONTACT_* values: the store's data until staff first save it. */
export function defaultStoreProfile(
  config: Pick<Config, 'CONTACT_EMAIL' | 'CONTACT_PHONE' | 'CONTACT_ADDRESS'>,
): StoreProfile {
  return {
    legalName: DEFAULT_LEGAL_NAME,
    rut: null,
    address: config.CONTACT_ADDRESS,
    phone: config.CONTACT_PHONE,
    email: config.CONTACT_EMAIL,
    logoUrl: null,
    paymentTerms: '',
    deliveryTerms: '',
    warranty: '',
    validityDays: DEFAULT_VALIDITY_DAYS,
  };
}

const profileColumns = {
  legalName: storeProfile.legalName,
  rut: storeProfile.rut,
  address: storeProfile.address,
  phone: storeProfile.phone,
  email: storeProfile.email,
  logoUrl: storeProfile.logoUrl,
  paymentTerms: storeProfile.paymentTerms,
  deliveryTerms: storeProfile.deliveryTerms,
  warranty: storeProfile.warranty,
  validityDays: storeProfile.validityDays,
};

/**
 * The row as one prepared statement: every rendered store page reads it (the footer, the
 * WhatsApp button), and drizzle's query builder plus PGlite's planning cost several times
 * what the lookup does.
 */
const profileQuery = constantQuery(
  sql`select ${sql.join(
    Object.entries(profileColumns).map(
      ([alias, column]) => sql`${column} as ${sql.identifier(alias)}`,
    ),
    sql`, `,
  )} from ${storeProfile} limit 1`,
);

/** The saved row, or the environment's defaults while there is none. */
export async function getStoreProfile(db: Executor, config: Config): Promise<StoreProfile> {
  const [row] = await queryPreparedRows<StoreProfile>(db, profileQuery);
  return row ?? defaultStoreProfile(config);
}

/** The issuer a revision prints, copied from the store's data when it is sent. */
export const quoteSellerOf = ({ legalName, rut, address, phone, email }: StoreProfile) =>
  ({ legalName, rut, address, phone, email }) satisfies QuoteSeller;

/**
 * The row, locked, created from the defaults when missing so every writer updates one row.
 * Creating it is the first save: the revisions that still print the environment's values (sent
 * before revisions kept their issuer, docs/decisions/077-what-a-quote-prints.md) keep them.
 */
async function lockedProfile(tx: Executor, config: Config): Promise<StoreProfile> {
  const { logoUrl: _logo, ...defaults } = defaultStoreProfile(config);
  const created = await tx
    .insert(storeProfile)
    .values({ id: STORE_ROW_ID, ...defaults })
    .onConflictDoNothing()
    .returning({ id: storeProfile.id });
  if (created.length > 0) {
    await tx
      .update(quoteRevisions)
      .set({ seller: quoteSellerOf(defaultStoreProfile(config)) })
      .where(isNull(quoteRevisions.seller));
  }
  const [row] = await tx
    .select(profileColumns)
    .from(storeProfile)
    .where(eq(storeProfile.id, STORE_ROW_ID))
    .for('update');
  return row!;
}

const auditEntry = (userId: number, changes: ReturnType<typeof changedFields>) => ({
  userId,
  entityType: 'store' as const,
  entityId: STORE_ROW_ID,
  action: 'update' as const,
  label: 'Datos de la empresa',
  changes,
});

/** 'Guardar' on /dashboard/ajustes: the new data and its activity entry, in one transaction. */
export async function updateStoreProfile(
  db: Database,
  config: Config,
  input: StoreProfileInput,
  userId: number,
): Promise<StoreProfile> {
  return db.transaction(async (tx) => {
    const { logoUrl, ...before } = await lockedProfile(tx, config);
    await tx.update(storeProfile).set(input).where(eq(storeProfile.id, STORE_ROW_ID));
    const changes = changedFields<Record<string, unknown>>(before, input);
    if (Object.keys(changes).length > 0) await recordAudit(tx, auditEntry(userId, changes));
    return { ...input, logoUrl };
  });
}

type LogoDeps = { db: Database; config: Config; storage: Storage };

/** The store's logo becomes what `store` writes (see swapImage). */
function replaceLogo(deps: LogoDeps, userId: number, store: () => Promise<string | null>) {
  return swapImage(deps, store, async (tx, storeNew) => {
    const current = await lockedProfile(tx, deps.config);
    const newUrl = await storeNew();
    await tx.update(storeProfile).set({ logoUrl: newUrl }).where(eq(storeProfile.id, STORE_ROW_ID));
    const changes = changedFields({ logoUrl: current.logoUrl }, { logoUrl: newUrl });
    await recordAudit(tx, auditEntry(userId, changes));
    return current.logoUrl;
  });
}

/** Stores an upload as the store's logo, with the same checks and renditions as every image. */
export async function setStoreLogo(
  deps: LogoDeps,
  upload: { fileName: string; data: Buffer },
  userId: number,
) {
  await assertImage(upload.data);
  // A random part keeps a replaced logo from being served from a browser's or CDN's cache.
  const keyBase = `store/logo-${sanitizeFileBaseName(upload.fileName)}-${randomBytes(4).toString('hex')}`;
  return replaceLogo(deps, userId, () =>
    failsAs(messages.storeLogoUploadFailed, () =>
      saveImageRenditions(deps.storage, keyBase, upload.data),
    ),
  );
}

export function removeStoreLogo(deps: LogoDeps, userId: number) {
  return replaceLogo(deps, userId, () => Promise.resolve(null));
}

/**
 * The logo as PNG for the PDF (pdfkit reads PNG and JPEG, the renditions are WebP), from the
 * small rendition. A logo that cannot be read leaves the PDF without it rather than failing it.
 */
export async function storeLogoPng(storage: Storage, logoUrl: string | null) {
  if (!logoUrl) return undefined;
  const key = storage.keyFromUrl(smallImageUrl(logoUrl));
  const file = key ? await storage.read(key).catch(() => null) : null;
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return await sharp(Buffer.concat(chunks)).png().toBuffer();
  } catch {
    return undefined;
  }
}
