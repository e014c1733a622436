// LISTEN on the driver under drizzle, for what other instances (and this one) NOTIFY: the
// catalogue's changes (services/catalog/catalog-signal.ts) and the outbox's new rows
// (db/outbox-queue.ts). PostgreSQL delivers a notification when its transaction commits.
import type postgres from 'postgres';
import type { Database } from './client';
import { pgliteClientOf } from './client';

export type Unlisten = () => Promise<void>;

/**
 * Calls `onNotify` with each payload on `channel`, and `onListen` once listening, and again each
 * time postgres-js listens anew after a lost connection: what was notified meanwhile was
 * missed, so the listener catches up there.
 */
export async function listenOnChannel(
  db: Database,
  channel: string,
  onNotify: (payload: string) => void,
  onListen: () => void,
): Promise<Unlisten> {
  const pglite = pgliteClientOf(db);
  if (pglite) {
    // One process, one connection that never drops: in-process notifications.
    const unlisten = await pglite.listen(channel, onNotify);
    onListen();
    return unlisten;
  }
  const client = (db as unknown as { $client: postgres.Sql }).$client;
  const request = await client.listen(channel, onNotify, onListen);
  return () => request.unlisten();
}
