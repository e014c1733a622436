// Stores for the backup tests: an empty one to restore into (a new PGlite folder or a new
// PostgreSQL database, and an empty uploads folder), and what a store holds, to compare two.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { type Config, loadConfig } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import { orders, variants } from '@server/db/schema';
import type { AppDeps } from '@server/app-deps';
import { openConfiguredDatabase } from '@server/startup';
import { createTestDeps } from './context';
import { createPostgresDatabase } from './postgres-database';
import { testStorageEnv } from './storage';

export type EmptyStore = {
  env: Record<string, string>;
  config: Config;
  /** Starts the store as main.ts does (migrations at start) and returns its deps. */
  open(): Promise<AppDeps>;
  /** Closes what open() opened, so a restore may replace it. */
  closeDatabase(): Promise<void>;
  /** Closes it and drops its PostgreSQL database. */
  dispose(): Promise<void>;
};

/** A store that has never started: nothing in its database folder or database, nor uploads. */
export async function emptyStore(root: string, name: string): Promise<EmptyStore> {
  const serverUrl = process.env.DATABASE_URL;
  const created = serverUrl ? await createPostgresDatabase(serverUrl) : undefined;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: path.join(root, name, 'data'),
    UPLOADS_DIR: path.join(root, name, 'uploads'),
    BACKUP_DIR: path.join(root, name, 'respaldos'),
    ...(created ? { DATABASE_URL: created.url } : {}),
    ...testStorageEnv(),
  };
  let handle: DatabaseHandle | undefined;
  const closeDatabase = async () => {
    await handle?.close();
    handle = undefined;
  };
  return {
    env,
    config: loadConfig(env),
    async open() {
      await closeDatabase();
      handle = await openConfiguredDatabase(loadConfig(env));
      return createTestDeps(handle.db, { env });
    },
    closeDatabase,
    async dispose() {
      await closeDatabase();
      await created?.drop();
    },
  };
}

async function bytesOf(deps: AppDeps, key: string): Promise<Buffer> {
  const file = await deps.storage.read(key);
  if (!file) throw new Error(`${key} is listed but cannot be read`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The orders (id, total, status), every variant's stock and every stored file's bytes. */
export async function storeContents(deps: AppDeps) {
  const orderRows = await deps.db
    .select({ id: orders.id, total: orders.totalAmount, status: orders.status })
    .from(orders)
    .orderBy(asc(orders.id));
  const stock = await deps.db
    .select({ id: variants.id, stock: variants.stock })
    .from(variants)
    .orderBy(asc(variants.id));
  const files: Record<string, string> = {};
  for (const { key } of await deps.storage.list()) {
    files[key] = createHash('sha256')
      .update(await bytesOf(deps, key))
      .digest('hex');
  }
  return { orders: orderRows, stock, files };
}
