// Several instances may start at the same moment on one empty PostgreSQL database.
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@server/db/client';
import { queryRows } from '@server/db/queries';
import { createPostgresDatabase } from '../support/db';

// A PGlite data folder belongs to one process: there is no second instance to race with.
it.skipIf(!process.env.DATABASE_URL)(
  'lets two instances migrate one empty database at once',
  async () => {
    const created = await createPostgresDatabase(process.env.DATABASE_URL!);
    const first = await openDatabase({ databaseUrl: created.url, dataDir: '' });
    const second = await openDatabase({ databaseUrl: created.url, dataDir: '' });
    try {
      const results = await Promise.allSettled([first.migrate(), second.migrate()]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      const [row] = await queryRows<{ count: number }>(
        first.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(row!.count).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
      await created.drop();
    }
  },
);

// The store's pool cuts statements after a few seconds (DATABASE_STATEMENT_TIMEOUT_MS); a
// migration may rewrite a large table, so it runs on a connection of its own, without it.
it.skipIf(!process.env.DATABASE_URL)("migrates outside the pool's statement timeout", async () => {
  const created = await createPostgresDatabase(process.env.DATABASE_URL!);
  const database = await openDatabase({
    databaseUrl: created.url,
    dataDir: '',
    statementTimeoutMs: 1,
  });
  try {
    await expect(database.migrate()).resolves.toBeUndefined();
  } finally {
    await database.close();
    await created.drop();
  }
});
