// Several instances may start at the same moment on one empty PostgreSQL database.
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '@server/db/client';
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
