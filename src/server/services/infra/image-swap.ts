import type { Database, Transaction } from '../../db/client';
import { removeImageRenditions } from '../../storage/images';
import type { Storage } from '../../storage/storage';

/**
 * Replaces the image a row points at (a brand's logo, the store's logo). `swap` runs inside a
 * transaction: it locks the row, calls `storeNew` (so a row that vanished meanwhile leaves no
 * file), writes the new URL with its activity entry and returns the old URL. If the transaction
 * fails the new files are removed; the old ones go only after the commit, when a file left
 * behind is only an orphan because the row already shows the new image.
 */
export async function swapImage(
  deps: { db: Database; storage: Storage },
  store: () => Promise<string | null>,
  swap: (tx: Transaction, storeNew: () => Promise<string | null>) => Promise<string | null>,
) {
  let newUrl: string | null = null;
  let oldUrl: string | null;
  try {
    oldUrl = await deps.db.transaction((tx) =>
      swap(tx, async () => {
        newUrl = await store();
        return newUrl;
      }),
    );
  } catch (error) {
    if (newUrl) await removeImageRenditions(deps.storage, newUrl).catch(() => undefined);
    throw error;
  }
  const isOldLogoRemoved = oldUrl
    ? await removeImageRenditions(deps.storage, oldUrl).then(
        () => true,
        () => false,
      )
    : true;
  return { logoUrl: newUrl as string | null, isOldLogoRemoved };
}
