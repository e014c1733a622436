// The production entry point as the Docker image runs it: `node dist/server/main.js`, built by
// `npm run build` (which runs before Playwright in `npm test`), with no tsx and no TypeScript.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createPostgresDatabase } from '../support/postgres-database';

type LogLine = { msg?: string; reqId?: string; level?: number; [key: string]: unknown };

/** The compiled server on a free port, with its own data folders (and database on PostgreSQL). */
class CompiledServer {
  lines: LogLine[] = [];
  output = '';
  port = 0;
  private child!: ChildProcess;
  private exit!: Promise<number | null>;
  private cleanups: (() => Promise<void> | void)[] = [];

  async start(env: Record<string, string>) {
    const root = mkdtempSync(path.join(tmpdir(), 'tienda-compiled-'));
    this.cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const databaseEnv: Record<string, string> = {};
    if (process.env.DATABASE_URL) {
      const database = await createPostgresDatabase(process.env.DATABASE_URL);
      this.cleanups.push(() => database.drop());
      databaseEnv.DATABASE_URL = database.url;
    }
    // A bare environment: nothing like NODE_OPTIONS=--import tsx can sneak in.
    this.child = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        // Required in production; the tests send their writes with Sec-Fetch-Site, no Origin.
        PUBLIC_URL: 'https://tienda.example',
        PORT: '0',
        DATA_DIR: path.join(root, 'data'),
        UPLOADS_DIR: path.join(root, 'uploads'),
        ...databaseEnv,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exit = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    let pending = '';
    this.child.stdout!.on('data', (chunk: Buffer) => {
      this.output += String(chunk);
      pending += String(chunk);
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete) if (line.trim()) this.lines.push(JSON.parse(line) as LogLine);
    });
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output += String(chunk)));
    const ready = await this.waitForLine((line) => /^Tienda lista en /.test(line.msg ?? ''));
    this.port = Number(/:(\d+) /.exec(ready.msg!)![1]);
  }

  /** Resolves with the first log line matching, polling the output (never a fixed sleep). */
  async waitForLine(matches: (line: LogLine) => boolean): Promise<LogLine> {
    await expect
      .poll(() => this.lines.some(matches), { timeout: 60_000, message: this.output })
      .toBe(true);
    return this.lines.find(matches)!;
  }

  url(pathname: string) {
    return `http://127.0.0.1:${this.port}${pathname}`;
  }

  signal(name: NodeJS.Signals) {
    this.child.kill(name);
  }

  exitCode() {
    return this.exit;
  }

  async stop() {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
    await this.exit;
    for (const cleanup of this.cleanups.reverse()) await cleanup();
  }
}

/** A form endpoint that accepts deliveries and never answers them. */
async function silentEndpoint() {
  const received: string[] = [];
  const server: Server = createServer((request) => received.push(request.url ?? ''));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/form`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether a new TCP connection to the port is refused. */
const isRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/** Starts a POST and sends only the first half of its body; `finish` sends the rest. */
function slowPost(port: number, pathname: string, body: string, requestId: string) {
  const half = body.length >> 1;
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    path: pathname,
    method: 'POST',
    agent: new Agent({ keepAlive: true }),
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-request-id': requestId,
      // What a browser on the store's own page sends with a mutation (the CSRF check).
      'sec-fetch-site': 'same-origin',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += String(chunk)));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.once('error', reject);
  });
  request.write(body.slice(0, half));
  request.flushHeaders();
  return {
    finish() {
      request.end(body.slice(half));
      return answer;
    },
  };
}

const contactBody = JSON.stringify({
  json: { name: 'Ana Pérez', email: 'ana@empresa.uy', message: 'Quiero una cotización' },
});

test.describe('compiled server', () => {
  let server: CompiledServer;
  test.beforeEach(() => {
    server = new CompiledServer();
  });
  test.afterEach(async () => {
    await server.stop();
  });

  test('starts with plain node, migrates, seeds and answers /readyz', async ({ request }) => {
    await server.start({});
    const ready = await request.get(server.url('/readyz'));
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect((await request.get(server.url('/healthz'))).status()).toBe(200);

    // The seed ran from the bundle: its products and their image files are served.
    const input = encodeURIComponent(JSON.stringify({ json: {} }));
    const featured = await request.get(server.url(`/trpc/catalog.featured?input=${input}`));
    const answer = (await featured.json()) as { result: { data: { json: { image: string }[] } } };
    const products = answer.result.data.json;
    expect(products.length).toBeGreaterThan(0);
    const image = await request.get(server.url(products[0]!.image));
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');
    // And the pages, rendered by the bundle in dist/ssr/, linking the built client.
    const home = await (await request.get(server.url('/'))).text();
    expect(home).toContain('Productos Destacados');
    expect(home).toMatch(/<script type="module" async="" src="\/assets\/main-[\w-]+\.js">/);
  });

  test('on SIGTERM finishes the request in flight, stops the outbox and exits 0', async () => {
    const endpoint = await silentEndpoint();
    try {
      await server.start({ SEED: 'false', FORM_ENDPOINT: endpoint.url });
      // A contact message whose forwarding hangs: the outbox worker is mid-delivery.
      const sent = await fetch(server.url('/trpc/contact.send'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: contactBody,
      });
      expect(sent.status).toBe(200);
      await expect.poll(() => endpoint.received.length).toBe(1);

      // A slow client: the request has begun, half of its body is still on the way.
      const slow = slowPost(server.port, '/trpc/contact.send', contactBody, 'apagado-lento');
      await server.waitForLine(
        (line) => line.reqId === 'apagado-lento' && line.msg === 'incoming request',
      );

      server.signal('SIGTERM');
      await server.waitForLine((line) => line.msg === 'shutting down');
      // No new connections, while the one in flight is still served.
      await expect.poll(() => isRefused(server.port)).toBe(true);
      const response = await slow.finish();
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toEqual({ result: { data: { json: { ok: true } } } });

      expect(await server.exitCode()).toBe(0);
      expect(server.lines.map((line) => line.msg)).toContain('shutdown complete');
      // The outbox did not wait for the silent endpoint: its delivery was cut short.
      const aborted = server.lines.find((line) => line.msg === 'outbox delivery failed');
      expect(aborted).toMatchObject({ component: 'outbox', err: { message: 'outbox stopped' } });
      expect(server.lines.some((line) => line.msg === 'shutdown took too long, exiting')).toBe(
        false,
      );
    } finally {
      await endpoint.close();
    }
  });
});
