// Backups and restore (docs/decisions/053-backups.md): a store with orders, stock changes and
// uploaded images is backed up, restored into an empty store, and found the same there. Runs
// on PGlite and on PostgreSQL, and (the round trip) with the images in an object store.
import { mkdtempSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { FastifyInstance } from 'fastify';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { migrationsFolder, openDatabase } from '@server/db/client';
import { queryRows } from '@server/db/queries';
import { brands, categories, orders, variants } from '@server/db/schema';
import type { AppDeps } from '@server/app-deps';
import { createStorage } from '@server/deps';
import { backgroundJobs } from '@server/jobs';
import { createBackup } from '@server/ops/backup';
import { migrationJournal } from '@server/ops/backup-archive';
import { restoreBackup } from '@server/ops/restore';
import { emptyStore, type EmptyStore, storeContents } from '../support/backup-stores';
import { movableClock } from '../support/clock';
import { callerFor, createTestDeps, createTestUser } from '../support/context';
import { createPostgresDatabase, createTestDatabase, type TestDatabase } from '../support/db';
import { sessionCookie } from '../support/http';
import { pngImage, postMultipart, sampleProduct } from '../support/uploads';

const isS3Run = Boolean(inject('s3Endpoint'));
const root = mkdtempSync(path.join(tmpdir(), 'tienda-respaldos-'));
const clock = movableClock('2026-11-26T03:20:00Z');
const HOUR_MS = 60 * 60 * 1000;

let database: TestDatabase;
let deps: AppDeps;
let app: FastifyInstance;
let adminCookie: string;
let taxonomies: { brandId: number; categoryId: number };
const stores: EmptyStore[] = [];

/** The origin store's settings: its database on PostgreSQL runs, its backup folder. */
const originEnv = (extra: Record<string, string> = {}) => ({
  BACKUP_DIR: path.join(root, 'origen-respaldos'),
  ...(database.url ? { DATABASE_URL: database.url } : {}),
  ...extra,
});

async function newEmptyStore(name: string) {
  const store = await emptyStore(root, name);
  stores.push(store);
  return store;
}

/** A database migrated up to, not including, `last` (a copy of drizzle/ without it). */
async function databaseBefore(last: { tag: string }) {
  const folder = path.join(root, 'migraciones-sin-la-ultima');
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag !== last.tag);
  await writeFile(journalFile, JSON.stringify(journal));
  const serverUrl = process.env.DATABASE_URL;
  const created = serverUrl ? await createPostgresDatabase(serverUrl) : undefined;
  const handle = await openDatabase({ databaseUrl: created?.url, dataDir: 'memory://' });
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: folder });
  } else {
    await migratePostgres(handle.db as never, { migrationsFolder: folder });
  }
  return {
    handle,
    url: created?.url,
    async close() {
      await handle.close();
      await created?.drop();
    },
  };
}

let productCounter = 0;
/** A product with one image, saved through the dashboard's multipart route. */
async function saveProduct(color: string) {
  productCounter += 1;
  const result = await postMultipart(app, '/api/admin/products', {
    fields: {
      product: JSON.stringify(
        sampleProduct(taxonomies, {
          name: `Notebook ${productCounter}`,
          slug: `notebook-${productCounter}`,
          variants: [
            { stock: 10, price: 1299.5, storage: '512 GB', color: '#000000', colorName: 'Negro' },
            { stock: 4, price: 10.1, storage: '1 TB', color: '#cccccc', colorName: 'Plata' },
          ],
        }),
      ),
    },
    files: [{ field: 'nueva-a', name: 'frente.png', data: await pngImage(320, 240, color) }],
    cookie: adminCookie,
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  const id = result.body.id as number;
  return (await database.db.select().from(variants).where(eq(variants.productId, id))).map(
    (variant) => variant.id,
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  deps = createTestDeps(database.db, { clock, env: originEnv() });
  app = await buildApp(deps);
  adminCookie = await sessionCookie(deps, 'jefa@tienda.uy', 'admin');
  const [brand] = await database.db.insert(brands).values({ name: 'Lenovo' }).returning();
  const [category] = await database.db.insert(categories).values({ name: 'Notebooks' }).returning();
  taxonomies = { brandId: brand!.id, categoryId: category!.id };

  const [first, second] = await saveProduct('#3366cc');
  const [third] = await saveProduct('#cc6633');
  const customer = callerFor(deps, await createTestUser(deps, { fullName: 'Ana Compras' }));
  const admin = callerFor(deps, await createTestUser(deps, { role: 'admin' }));
  const quote = (items: { variantId: number; quantity: number }[], key: string) =>
    customer.orders.requestQuote({ email: 'compras@empresa.uy', items, idempotencyKey: key });
  await quote([{ variantId: first!, quantity: 2 }], 'pedido-1');
  const concluded = await quote(
    [
      { variantId: second!, quantity: 3 },
      { variantId: third!, quantity: 1 },
    ],
    'pedido-2',
  );
  await admin.admin.orders.setStatus({ id: concluded.id, status: 'Concretado' });
  const cancelled = await quote([{ variantId: third!, quantity: 4 }], 'pedido-3');
  await admin.admin.orders.setStatus({
    id: cancelled.id,
    status: 'Cancelado',
    reason: 'Pedido duplicado',
  });
});

afterAll(async () => {
  for (const store of stores) await store.dispose();
  await app?.close();
  await database?.close();
  await rm(root, { recursive: true, force: true });
});

describe('a backup restored into an empty store', () => {
  let backupFile: string;
  let original: Awaited<ReturnType<typeof storeContents>>;
  let restored: EmptyStore;

  it('holds the same orders, stock and image files', async () => {
    original = await storeContents(deps);
    expect(original.orders.map((order) => order.status)).toEqual([
      'Cotización',
      'Concretado',
      'Cancelado',
    ]);
    expect(Object.keys(original.files).length).toBeGreaterThanOrEqual(4);

    const { file, manifest } = await createBackup(deps, { now: clock.now() });
    backupFile = file;
    expect(path.basename(file)).toBe('tienda-respaldo-2026-11-26T03-20-00Z.tar');
    const journal = migrationJournal();
    expect(manifest).toMatchObject({
      format: 'tienda-respaldo',
      version: 1,
      createdAt: '2026-11-26T03:20:00.000Z',
      createdAtMontevideo: '26/11/2026, 00:20',
      database: {
        kind: database.kind,
        migrations: { count: journal.length, latest: journal.at(-1)!.tag },
      },
      uploads: { storage: isS3Run ? 's3' : 'local', count: Object.keys(original.files).length },
    });

    restored = await newEmptyStore('restaurada');
    if (!isS3Run) {
      // A fresh checkout's uploads folder holds the repository's .gitkeep: still empty.
      await mkdir(restored.env.UPLOADS_DIR!, { recursive: true });
      await writeFile(path.join(restored.env.UPLOADS_DIR!, '.gitkeep'), '');
    }
    const result = await restoreBackup(file, restored.config);
    expect(result.missingObjects).toEqual([]);
    expect(await storeContents(await restored.open())).toEqual(original);
  });

  it('is refused by a store that has data, and replaces it with --force', async () => {
    await expect(restoreBackup(backupFile, restored.config)).rejects.toThrow(
      database.kind === 'pglite'
        ? `DATA_DIR=${restored.env.DATA_DIR} ya tiene una base de datos`
        : /^La base DATABASE_URL=.* ya tiene tablas: restaurá en un almacenamiento vacío o agregá --force/,
    );
    const changed = await restored.open();
    await changed.db
      .update(orders)
      .set({ status: 'Cancelado' })
      .where(eq(orders.status, 'Concretado'));
    await changed.db.update(variants).set({ stock: 999 }).where(eq(variants.stock, 10));
    await restored.closeDatabase();

    await restoreBackup(backupFile, restored.config, { force: true });
    expect(await storeContents(await restored.open())).toEqual(original);
    await restored.closeDatabase();
  });

  it.skipIf(isS3Run)('is refused by an empty database whose uploads folder has files', async () => {
    const store = await newEmptyStore('con-archivos');
    await mkdir(store.env.UPLOADS_DIR!, { recursive: true });
    await writeFile(path.join(store.env.UPLOADS_DIR!, 'logo.webp'), 'ya estaba');
    await expect(restoreBackup(backupFile, store.config)).rejects.toThrow(
      `UPLOADS_DIR=${store.env.UPLOADS_DIR} ya tiene archivos`,
    );
  });

  it.skipIf(isS3Run)('is refused when a file no longer matches its checksum', async () => {
    const unpacked = path.join(root, 'danado');
    await mkdir(unpacked);
    await tar.extract({ file: backupFile, cwd: unpacked });
    const [key] = Object.keys(original.files);
    await writeFile(path.join(unpacked, 'uploads', key!), 'otra cosa');
    const damaged = path.join(root, 'danado.tar');
    await tar.create({ file: damaged, cwd: unpacked }, await readdir(unpacked));
    const store = await newEmptyStore('desde-danado');
    await expect(restoreBackup(damaged, store.config)).rejects.toThrow(
      `danado.tar está dañado: uploads/${key} no coincide con su suma de control`,
    );
  });

  it.runIf(isS3Run)(
    'lists the bucket, and names the objects the bucket no longer has',
    async () => {
      const unpacked = path.join(root, 'listado');
      await mkdir(unpacked);
      await tar.extract({ file: backupFile, cwd: unpacked });
      const listing = JSON.parse(
        await readFile(path.join(unpacked, 's3-objects.json'), 'utf8'),
      ) as {
        key: string;
        bytes: number;
        etag: string;
      }[];
      expect(listing.map((object) => object.key)).toEqual(Object.keys(original.files));
      for (const object of listing) {
        expect(object.bytes).toBeGreaterThan(0);
        expect(object.etag).toMatch(/^"[0-9a-f]{32}"$/);
      }
      expect(await readdir(unpacked)).not.toContain('uploads');

      const [key] = Object.keys(original.files);
      await deps.storage.remove(key!);
      const store = await newEmptyStore('bucket-incompleto');
      const result = await restoreBackup(backupFile, store.config);
      expect(result.missingObjects).toEqual([key]);
    },
  );
});

it.skipIf(isS3Run)('refuses a BACKUP_DIR inside the uploads it backs up', async () => {
  const inside = path.join(deps.config.UPLOADS_DIR, 'respaldos');
  const config = { ...deps.config, BACKUP_DIR: inside };
  await expect(createBackup({ ...deps, config }, { now: clock.now() })).rejects.toThrow(
    `BACKUP_DIR=${inside} está dentro de UPLOADS_DIR=${deps.config.UPLOADS_DIR}`,
  );
});

describe('files that appear while the database is dumped', () => {
  it('are in the backup with the rows that name them', async () => {
    clock.advance(HOUR_MS);
    const { file } = await createBackup(deps, {
      now: clock.now(),
      // A product saved between the first copy of the files and the dump.
      afterFilesCopied: async () => void (await saveProduct('#33cc66')),
    });
    const store = await newEmptyStore('durante');
    await restoreBackup(file, store.config);
    const restoredDeps = await store.open();
    expect(await storeContents(restoredDeps)).toEqual(await storeContents(deps));
    const names = (await callerFor(restoredDeps).catalog.list({ page: 1 })).items.map(
      (item) => item.name,
    );
    expect(names).toContain(`Notebook ${productCounter}`);
    await store.closeDatabase();
  });
});

describe.skipIf(isS3Run)('a backup taken before a migration', () => {
  // Migrates a database from nothing, every migration: slow on a busy machine.
  it('is restored, and the store applies the newer migrations when it starts', async () => {
    const journal = migrationJournal();
    const old = await databaseBefore(journal.at(-1)!);
    const config = loadConfig({
      BACKUP_DIR: path.join(root, 'antes-de-migrar'),
      UPLOADS_DIR: path.join(root, 'antes-de-migrar', 'uploads'),
      ...(old.url ? { DATABASE_URL: old.url } : {}),
    });
    try {
      clock.advance(HOUR_MS);
      const { file, manifest } = await createBackup(
        { db: old.handle.db, config, storage: createStorage(config) },
        { now: clock.now() },
      );
      expect(manifest.database.migrations).toMatchObject({
        count: journal.length - 1,
        latest: journal.at(-2)!.tag,
      });
      const store = await newEmptyStore('migra-al-iniciar');
      await restoreBackup(file, store.config);
      const restored = await store.open();
      const [applied] = await queryRows<{ count: number }>(
        restored.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(applied!.count).toBe(journal.length);
      await store.closeDatabase();
    } finally {
      await old.close();
    }
  }, 180_000);
});

describe.skipIf(isS3Run)('the server taking its own backups (BACKUP_EVERY_HOURS)', () => {
  it('backs up when the newest backup is old enough and keeps the newest BACKUP_KEEP', async () => {
    const jobClock = movableClock('2026-12-01T12:00:00Z');
    const backupDir = path.join(root, 'programados');
    const log = { info: () => {}, error: () => {} } as unknown as Parameters<
      typeof backgroundJobs
    >[1];
    expect(backgroundJobs(deps, log).map((job) => job.name)).not.toContain('backup');
    const jobDeps = createTestDeps(database.db, {
      clock: jobClock,
      env: originEnv({ BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '2' }),
    });
    const job = backgroundJobs(jobDeps, log).find((candidate) => candidate.name === 'backup')!;
    await mkdir(backupDir, { recursive: true });
    await writeFile(path.join(backupDir, 'notas.txt'), 'no es un respaldo');
    const files = async () => (await readdir(backupDir)).sort();

    await job.run();
    jobClock.advance(5 * HOUR_MS);
    await job.run();
    expect(await files()).toEqual(['notas.txt', 'tienda-respaldo-2026-12-01T12-00-00Z.tar']);

    for (let i = 0; i < 2; i++) {
      jobClock.advance(HOUR_MS);
      await job.run();
      jobClock.advance(5 * HOUR_MS);
    }
    expect(await files()).toEqual([
      'notas.txt',
      'tienda-respaldo-2026-12-01T18-00-00Z.tar',
      'tienda-respaldo-2026-12-02T00-00-00Z.tar',
    ]);
  });
});
