import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Database, Executor } from '../../db/client';
import { brands } from '../../db/schema';
import { failsAs } from '../../failed-step';
import { assertImage, sanitizeFileBaseName, saveImageRenditions } from '../../storage/images';
import type { Storage } from '../../storage/storage';
import { changedFields, recordAudit } from '../infra/audit';
import { swapImage } from '../infra/image-swap';
import { foundOrThrow } from '../infra/found';

export type LogoUpload = { fileName: string; data: Buffer };
type WriteDeps = { db: Database; storage: Storage };

/** Every file of a brand's logo lives here, so deleting the brand removes the folder. */
export const brandLogoFolder = (brandId: number) => `brand-logos/${brandId}`;

/** A random part keeps a replaced logo from being served from a browser's or CDN's cache. */
const logoKeyBase = (brandId: number, fileName: string) =>
  `${brandLogoFolder(brandId)}/${brandId}-${sanitizeFileBaseName(fileName)}-${randomBytes(4).toString('hex')}`;

/** The brand's logo becomes what `store` writes (see swapImage). */
async function replaceLogo(
  deps: WriteDeps,
  brandId: number,
  userId: number,
  store: () => Promise<string | null>,
) {
  const replaced = await swapImage(deps, store, async (tx, storeNew) => {
    const current = await lockedBrand(tx, brandId);
    const newUrl = await storeNew();
    await tx.update(brands).set({ logoUrl: newUrl }).where(eq(brands.id, brandId));
    await recordAudit(tx, {
      userId,
      entityType: 'brand',
      entityId: brandId,
      action: 'update',
      label: current.name,
      changes: changedFields({ logoUrl: current.logoUrl }, { logoUrl: newUrl }),
    });
    return current.logoUrl;
  });
  return { id: brandId, ...replaced };
}

async function lockedBrand(tx: Executor, brandId: number) {
  return foundOrThrow(
    tx
      .select({ name: brands.name, logoUrl: brands.logoUrl })
      .from(brands)
      .where(eq(brands.id, brandId))
      .for('update'),
    messages.brandNotFound,
  );
}

/** Stores an upload as the brand's logo, with the same checks and renditions as product images. */
export async function setBrandLogo(
  deps: WriteDeps,
  brandId: number,
  upload: LogoUpload,
  userId: number,
) {
  // A file that is not an image is the admin's mistake (400), not a failed upload.
  await assertImage(upload.data);
  return replaceLogo(deps, brandId, userId, () =>
    failsAs(messages.brandLogoUploadFailed, () =>
      saveImageRenditions(deps.storage, logoKeyBase(brandId, upload.fileName), upload.data),
    ),
  );
}

/** The brand shows its name again. */
export function removeBrandLogo(deps: WriteDeps, brandId: number, userId: number) {
  return replaceLogo(deps, brandId, userId, () => Promise.resolve(null));
}
