// Every session of the store starts with SESSION_SETTINGS, on PGlite and on each PostgreSQL pool
// connection: the search relies on them without a transaction of its own (decision 067).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@server/db/queries';
import { SESSION_SETTINGS } from '@server/db/session-settings';
import { useTestApp } from '../support/test-app';

const world = useTestApp();

describe('the settings of a session', () => {
  it('holds every one of them on each connection the store uses', async () => {
    // Twice as many statements at once as a small pool has connections: each one is asked.
    const seen = await Promise.all(
      Array.from({ length: 8 }, () =>
        queryRows<Record<string, string>>(
          world.db,
          sql.raw(
            `select ${Object.keys(SESSION_SETTINGS)
              .map((name, i) => `current_setting('${name}') as s${i}`)
              .join(', ')}`,
          ),
        ),
      ),
    );
    for (const [row] of seen) {
      expect(Object.values(SESSION_SETTINGS).map((_, i) => row![`s${i}`])).toEqual(
        Object.values(SESSION_SETTINGS),
      );
    }
  });
});
