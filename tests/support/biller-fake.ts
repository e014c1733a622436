// A local stand-in for Biller's REST API over real HTTP, speaking what its OpenAPI documents:
// POST /v3/comprobantes/emitir (201 { id, serie, numero, hash }; 422 as a list of
// { field, message[] }; a repeated numero_interno refused), GET /v2/comprobantes/obtener
// (searched by numero_interno from 'desde', today's only without it) and
// GET /v3/comprobantes/detalle (estado, cae; 404 while unknown). Tests decide DGI's verdict,
// refuse the next document, answer 500, hang, or cut the connection after issuing.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeBillerDocument = {
  id: number;
  tipo_comprobante: number;
  serie: string;
  numero: number;
  numero_interno: string;
  estado: string;
  hash: string;
  /** Biller's creation time, Montevideo's 'YYYY-MM-DD hh:mm:ss'. */
  fecha_creacion: string;
  body: Record<string, unknown>;
};

export type FakeBillerRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string;
  body: unknown;
};

export type FakeBiller = {
  url: string;
  token: string;
  branchId: number;
  documents: FakeBillerDocument[];
  requests: FakeBillerRequest[];
  /**
   * 'ok' answers; 'error' answers 500 to everything; 'hang' keeps an issue it was sent but
   * never answers anything; 'drop' keeps an issue and cuts the connection before answering.
   */
  mode: 'ok' | 'error' | 'hang' | 'drop';
  /** The messages of a 422 for the next issue (consumed by it). */
  refuseNext: string[] | null;
  /** DGI's verdict on the document issued under `key` ('Aceptado DGI', 'Rechazado DGI' …). */
  decide(key: string, estado: string): void;
  close(): Promise<void>;
};

const montevideoNow = () =>
  new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');

const caeOf = (kind: number) => ({
  numero: `90${kind}0000001`,
  serie: 'A',
  inicio: 1,
  fin: 1_000_000,
  fecha_expiracion: '2028-12-31',
});

function send(response: ServerResponse, status: number, data: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(data));
}

const refusal = (field: string, message: string) => [{ field, message: [message] }];

function issue(fake: FakeBiller, body: Record<string, unknown>, nextId: () => number) {
  const key = typeof body.numero_interno === 'string' ? body.numero_interno : '';
  if (body.sucursal !== fake.branchId) {
    return { status: 422, data: refusal('Comprobantes[sucursal]', 'Sucursal inválida.') };
  }
  if (typeof body.fecha_emision !== 'string' || !/^\d{2}\/\d{2}\/\d{4}$/.test(body.fecha_emision)) {
    return {
      status: 422,
      data: refusal('Comprobantes[fecha_emision]', 'Fecha de emisión es inválido.'),
    };
  }
  if (key && fake.documents.some((doc) => doc.numero_interno === key)) {
    return {
      status: 422,
      data: refusal('Comprobantes[numero_interno]', 'Número interno no puede estar repetido'),
    };
  }
  if (fake.refuseNext) {
    const messages = fake.refuseNext;
    fake.refuseNext = null;
    return { status: 422, data: [{ field: 'Comprobantes[cliente_sucursal]', message: messages }] };
  }
  const kind = Number(body.tipo_comprobante);
  const numero = fake.documents.filter((doc) => doc.tipo_comprobante === kind).length + 1;
  const doc: FakeBillerDocument = {
    id: nextId(),
    tipo_comprobante: kind,
    serie: 'A',
    numero,
    numero_interno: key,
    estado: 'Pendiente DGI',
    hash: randomBytes(20).toString('base64'),
    fecha_creacion: montevideoNow(),
    body,
  };
  fake.documents.push(doc);
  return {
    status: 201,
    data: { id: doc.id, serie: doc.serie, numero: String(doc.numero), hash: doc.hash },
  };
}

/** 'Detalle': the document without its hash, as Biller's documented example shows it. */
const detailOf = (doc: FakeBillerDocument) => ({
  id: doc.id,
  tipo_comprobante: doc.tipo_comprobante,
  serie: doc.serie,
  numero: doc.numero,
  numero_interno: doc.numero_interno,
  moneda: doc.body.moneda ?? 'UYU',
  estado: doc.estado,
  fecha_creacion: doc.fecha_creacion,
  fecha_emision: doc.fecha_creacion.slice(0, 10),
  cae: caeOf(doc.tipo_comprobante),
});

/** Starts the fake on a free loopback port. */
export async function startFakeBiller(
  options: { token?: string; branchId?: number } = {},
): Promise<FakeBiller> {
  let lastId = 43_000;
  const fake: FakeBiller = {
    url: '',
    token: options.token ?? 'token-de-prueba',
    branchId: options.branchId ?? 889,
    documents: [],
    requests: [],
    mode: 'ok',
    refuseNext: null,
    decide(key, estado) {
      const doc = fake.documents.find((candidate) => candidate.numero_interno === key);
      if (!doc) throw new Error(`Biller falso: no hay comprobante con número interno ${key}`);
      doc.estado = estado;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function handle(request: IncomingMessage, response: ServerResponse, text: string) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    fake.requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: String(request.headers.authorization ?? ''),
      body,
    });
    if (request.headers.authorization !== `Bearer ${fake.token}`) {
      send(response, 403, { name: 'Forbidden', message: 'Token inválido.', code: 0, status: 403 });
      return;
    }
    if (fake.mode === 'error') {
      send(response, 500, { name: 'Internal Server Error', message: 'Error interno.' });
      return;
    }
    const route = `${request.method} ${url.pathname}`;
    if (route === 'POST /v3/comprobantes/emitir') {
      const answer = issue(fake, body ?? {}, () => ++lastId);
      if (fake.mode === 'hang') return;
      if (fake.mode === 'drop') {
        request.socket.destroy();
        return;
      }
      send(response, answer.status, answer.data);
      return;
    }
    if (fake.mode === 'hang' || fake.mode === 'drop') return;
    if (route === 'GET /v2/comprobantes/obtener') {
      // Documented: without 'id' or 'desde', 'desde' is today at 00:00:00.
      const since = url.searchParams.get('desde') ?? `${montevideoNow().slice(0, 10)} 00:00:00`;
      const key = url.searchParams.get('numero_interno');
      const found = fake.documents.filter(
        (doc) => doc.fecha_creacion >= since && (key === null || doc.numero_interno === key),
      );
      send(response, 200, found.map(detailOf));
      return;
    }
    if (route === 'GET /v3/comprobantes/detalle') {
      const doc = fake.documents.find(
        (candidate) => candidate.id === Number(url.searchParams.get('id')),
      );
      if (!doc) {
        send(response, 404, {
          name: 'Not Found',
          message: 'Comprobante no existe o no tiene acceso.',
          code: 0,
          status: 404,
        });
        return;
      }
      send(response, 200, detailOf(doc));
      return;
    }
    send(response, 404, {
      name: 'Not Found',
      message: 'Página no encontrada.',
      code: 0,
      status: 404,
    });
  }

  const server: Server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => handle(request, response, text));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
