import type { Database } from '../client';
import type { Storage } from '../../storage/storage';

/** Seeds the demo catalogue and blog on an empty database; null when there was data already. */
export async function seedIfEmpty(
  _db: Database,
  _storage: Storage,
): Promise<{ products: number } | null> {
  return null;
}
