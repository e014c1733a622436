// How a PostgreSQL pool opens its connections, so that a database that is away costs each
// request at most one connect timeout, and its return is noticed within a second.
//
// postgres-js connects lazily, one query at a time: with the database hung (connections
// accepted, never answered) every query waited for its own connect timeout, and queries
// queued behind a connecting one waited for one timeout after another; a page that reads in
// two waves waited two. So once an attempt fails without a word from the server, the guard
// answers every new attempt at once with DATABASE_UNAVAILABLE (no socket is opened) and probes
// the server in the background with `select 1` on a connection of its own, every half second,
// until it answers; then attempts go to the server again. The guard sees connections as they
// open (postgres-js's `socket` option): one that stops answering once open is not caught.
import type { Duplex } from 'node:stream';
import postgres from 'postgres';
import { databaseUnavailableError } from '../database-availability';
import { refusedSocket, ReportingSocket } from './pg-sockets';

/** Between two probes of a database that did not answer. */
const PROBE_INTERVAL_MS = 500;

export type ConnectionGuard = {
  /** postgres-js's `socket` option: a connection to the one host of the URL. */
  socket: (options: { host: string[]; port: number[] }) => Duplex;
  /** Whether new connections are refused at once right now. */
  readonly isFailing: boolean;
  /** Stops probing (the pool is closing). */
  close(): void;
};

export function createConnectionGuard(
  databaseUrl: string,
  connectTimeoutSeconds: number,
): ConnectionGuard {
  let isFailing = false;
  let isClosed = false;
  let probing: Promise<void> | undefined;

  async function answers(): Promise<boolean> {
    const probe = postgres(databaseUrl, {
      max: 1,
      connect_timeout: connectTimeoutSeconds,
      fetch_types: false,
      onnotice: () => {},
      connection: { application_name: 'tienda-probe' },
    });
    try {
      await probe`select 1`;
      return true;
    } catch {
      return false;
    } finally {
      await probe.end({ timeout: 0 });
    }
  }

  async function probeUntilAnswered() {
    while (!isClosed) {
      if (await answers()) {
        isFailing = false;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS).unref());
    }
  }

  function startFailing() {
    if (isClosed) return;
    isFailing = true;
    probing ??= probeUntilAnswered().finally(() => (probing = undefined));
  }

  return {
    get isFailing() {
      return isFailing;
    },
    socket({ host: [host = 'localhost'], port: [port = 5432] }) {
      if (isFailing) return refusedSocket(databaseUnavailableError);
      const socket = new ReportingSocket(startFailing);
      socket.connect(port, host);
      // As postgres-js sets them on its own sockets: TLS names the server by `host` (SNI).
      return Object.assign(socket, { host, port });
    },
    close() {
      isClosed = true;
    },
  };
}
