import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database } from '../../db/client';
import { listenOnChannel, type Unlisten } from '../../db/listen';
import { queryRows } from '../../db/queries';

/**
 * The one "catalogue changed" event, shared by every instance on the database
 * (docs/decisions/034-catalogue-changes-across-instances.md). A change announced through any
 * instance clears the local subscribers (catalogue answers, rendered pages) at once, bumps the
 * database's `catalog_version` sequence and NOTIFYs the others, whose subscribers clear on the
 * notification. A listener that lost its connection reads the version when it listens again and
 * clears if it moved: a missed notification costs a full clear, never a stale answer.
 */
export type CatalogSignal = {
  /** Called after a committed change to what the shop shows. */
  announce(): Promise<void>;
  /** `listener` runs on every change, local or from another instance; returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Starts hearing other instances' changes (main.ts, and tests that run instances). */
  listen(): Promise<void>;
  stop(): Promise<void>;
};

export type SignalLog = { error(details: object, message: string): void };

export const CATALOG_CHANNEL = 'catalog_changed';

/** The current version: 0 before any change (a fresh sequence has not been called yet). */
async function readVersion(db: Database): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(
    db,
    sql`select case when is_called then last_value else 0 end as version from catalog_version`,
  );
  return Number(row?.version ?? 0);
}

/**
 * Bumps the version and notifies the listeners in one statement; NOTIFY is sent on commit.
 * The payload is 'version:sender', so an instance knows its own notification (on PGlite it
 * may arrive before this statement's answer does).
 */
async function bumpVersion(db: Database, sender: string): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(
    db,
    sql`with bumped as (select nextval('catalog_version') as version)
        select version, pg_notify(${CATALOG_CHANNEL}, version || ':' || ${sender}) from bumped`,
  );
  return Number(row?.version ?? 0);
}

export function createCatalogSignal(db: Database, log?: SignalLog): CatalogSignal {
  const sender = randomUUID();
  const listeners = new Set<() => void>();
  /** The newest version this instance has cleared for. */
  let known = -1;
  let unlisten: Unlisten | undefined;

  const clearAll = () => {
    for (const listener of listeners) listener();
  };
  const reached = (version: number) => {
    if (version <= known) return;
    known = version;
    clearAll();
  };
  const fail = (error: unknown, message: string) => log?.error({ err: error }, message);

  return {
    async announce() {
      // This instance first and synchronously: its own next read shows the change.
      clearAll();
      try {
        known = Math.max(known, await bumpVersion(db, sender));
      } catch (error) {
        // The change itself is committed; the other instances fall back on their caches' TTL.
        fail(error, 'catalogue change not announced to other instances');
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async listen() {
      if (unlisten) return;
      known = await readVersion(db);
      let versionCheck: Promise<void> = Promise.resolve();
      unlisten = await listenOnChannel(
        db,
        CATALOG_CHANNEL,
        (payload) => {
          const [version = '', from] = payload.split(':');
          if (from === sender) known = Math.max(known, Number(version));
          else reached(Number(version));
        },
        // (Re)connected: anything announced while deaf shows as a moved version.
        () => {
          versionCheck = readVersion(db).then(reached, (error) =>
            fail(error, 'catalog version read'),
          );
        },
      );
      // The drivers call onListen before `listen` resolves: once this returns, the instance has
      // caught up with every change made before it was listening.
      await versionCheck;
    },
    async stop() {
      const current = unlisten;
      unlisten = undefined;
      await current?.().catch((error: unknown) => fail(error, 'catalogue unlisten failed'));
    },
  };
}
