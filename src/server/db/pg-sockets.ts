// The sockets the connection guard hands to postgres-js (its `socket` option).
import { Socket } from 'node:net';
import { Duplex } from 'node:stream';

/**
 * A connection to the server that also tells whether the server ever answered it: any byte
 * (the answer to the startup or SSL request) means it is there; a socket destroyed before one
 * (refused, reset, or by postgres-js at its connect timeout) means it is not. Told at the
 * destroy, before anything that the failed query sets off can run: the next query finds the
 * guard warned.
 *
 * It also holds back the socket's 'error' until its 'close'. Node emits a reset connection's
 * 'error', and its 'close' only a turn of the event loop later; postgres-js 3.4.9 fails the
 * connection's queries at the 'error' but keeps handing the connection new ones until the
 * 'close', and those were never answered: each request behind one hung for good
 * (porsager/postgres issues 1130 and 1186). Over TLS postgres-js talks through a socket of
 * its own wrapped around this one, which this does not cover.
 */
export class ReportingSocket extends Socket {
  // Plain properties, not #private ones: Socket's constructor may emit before they exist.
  private hasAnswered = false;
  private heldError: unknown;

  constructor(private readonly onUnanswered: () => void) {
    super();
    this.once('data', () => (this.hasAnswered = true));
  }

  override destroy(error?: Error) {
    if (!this.hasAnswered && !this.destroyed) this.onUnanswered();
    return super.destroy(error);
  }

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'error') {
      // The first one is the cause; any later one (a write to the dead socket) adds nothing.
      this.heldError ??= args[0] ?? new Error('socket error');
      return true;
    }
    if (event === 'close' && this.heldError !== undefined) super.emit('error', this.heldError);
    return super.emit(event, ...args);
  }
}

/**
 * A connection refused without the network: it fails on its first write, the startup
 * message, as one to a stopped server does, and postgres-js puts the connection back as
 * closed. Not sooner: postgres-js would keep the unsent message and write it ahead of the
 * connection's next one (see STARTUP_PADDING in client.ts).
 */
export const refusedSocket = (error: () => Error) =>
  new Duplex({
    read() {},
    write(_chunk, _encoding, callback) {
      callback(error());
    },
  });
