// A TCP proxy between the app and its PostgreSQL database, for the tests that take the database
// away: forwarding, refusing (as a stopped server: nothing listens on the port), or
// black-holing (as a hung server: connections are accepted and never answered).
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';

export type ProxyMode = 'forward' | 'refuse' | 'black-hole';

export type TcpProxy = {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url: string;
  /**
   * Changes what the proxy does. Every connection open now is cut (a server that stops or
   * hangs takes its sessions with it); later ones are forwarded, refused or held unanswered.
   */
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<Socket>();
  let mode: ProxyMode = 'forward';

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A cut connection errors on both sides: expected here, never a test failure.
    socket.on('error', () => undefined);
  };

  const server: Server = createServer((client) => {
    track(client);
    if (mode === 'black-hole') return;
    const upstream = connect(targetPort, target.hostname);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  await listen(0);
  const { port } = server.address() as AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  return {
    url: url.toString(),
    async setMode(next) {
      mode = next;
      const closing = next === 'refuse' ? stopListening() : undefined;
      cutAll();
      await closing;
      if (next !== 'refuse' && !server.listening) await listen(port);
    },
    async close() {
      const closing = stopListening();
      cutAll();
      await closing;
    },
  };
}
