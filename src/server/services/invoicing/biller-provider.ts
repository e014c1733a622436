// Biller (biller.uy), a certified provider with a REST/JSON API and a company token: the store's
// draft goes to 'Emisión de CFEs' with the document's idempotency key as its numero_interno,
// which Biller never accepts twice and lets the store search by; a document's state, number and
// CAE come from its 'Detalle'. Biller answers DGI's verdict only when asked (no webhooks), has
// no contingency by API and gives no signed XML: see
// docs/decisions/091-biller-as-the-certified-provider.md for what the store does about each.
import { storeDay } from '@shared/format';
import type { Clock } from '../../clock';
import { billerIssueBody } from './biller-request';
import { ProviderRefusedError, ProviderUnavailableError } from './cfe-errors';
import type { CfeDraft } from './cfe-types';
import { type CfeProvider, dgiQrUrl, montevideoTimestamp, type ProviderAnswer } from './provider';

export type BillerSettings = {
  /** https://test.biller.uy or https://biller.uy. */
  url: string;
  token: string;
  /** Biller's ID of the issuing branch ('sucursal'). */
  branchId: number;
  timeoutMs: number;
  /** Biller takes one new document per second and token. */
  issueIntervalMs: number;
  clock: Clock;
};

/** What 'Emisión de CFEs' answers (201). */
type BillerIssued = { id: number; serie: string; numero: string | number; hash?: string };

/** The part of 'Detalle' (GET /v3/comprobantes/detalle) the store reads. */
type BillerDetail = {
  id: number;
  tipo_comprobante: number;
  serie: string;
  numero: string | number;
  estado?: string | null;
  fecha_creacion?: string | null;
  hash?: string | null;
  cae?: {
    numero?: string | number;
    inicio?: string | number;
    fin?: string | number;
    fecha_expiracion?: string;
  } | null;
};

type BillerListed = { id: number; numero_interno?: string | null };

/** DGI's states as Biller names them; any other is taken as still waiting for DGI. */
const STATES: Record<string, ProviderAnswer['state']> = {
  'Pendiente DGI': 'pending_dgi',
  'Esperando aceptación': 'pending_dgi',
  'Aceptado DGI': 'accepted',
  // An e-Ticket under DGI's threshold goes in the daily report, not on its own: a valid document.
  'Envío no corresponde': 'accepted',
  'Rechazado DGI': 'rejected',
  'Sobre Rechazado DGI': 'rejected',
};

/** How Biller refuses a numero_interno it already holds (422). */
const REPEATED_KEY = /n[úu]mero interno no puede estar repetido/i;
/** How far back a document is searched by its key: far beyond any retry or DGI's answer. */
const LOOKBACK_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const PRODUCTION_HOSTS = ['biller.uy', 'www.biller.uy'];

/** Biller's error texts: a 422 is a list of { field, message } with one or more messages. */
function messagesOf(data: unknown): string {
  if (Array.isArray(data)) {
    return (data as { message?: unknown }[])
      .flatMap((item): unknown[] => (Array.isArray(item?.message) ? item.message : [item?.message]))
      .filter((message): message is string => typeof message === 'string')
      .join(' ');
  }
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

/** Biller's answer as the worker's two ways of stopping: retry later, or staff must act. */
function failure(status: number, data: unknown): Error {
  if (status === 429 || status >= 500) {
    return new ProviderUnavailableError(`Biller respondió ${status}`);
  }
  if (status === 401 || status === 403) {
    return new ProviderRefusedError(
      'Biller no acepta el token de la tienda: revisá CFE_BILLER_TOKEN y reintentá',
    );
  }
  const detail = messagesOf(data);
  return new ProviderRefusedError(
    detail ? `Biller rechazó el comprobante: ${detail}` : `Biller rechazó el pedido (${status})`,
  );
}

/** Biller's 'YYYY-MM-DD hh:mm:ss' in Montevideo's time, as TmstFirma writes an instant. */
const montevideoInstant = (text: string | null | undefined) =>
  text && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)
    ? `${text.replace(' ', 'T')}-03:00`
    : null;

export function createBillerProvider(settings: BillerSettings): CfeProvider {
  const { clock } = settings;
  const base = settings.url.replace(/\/+$/, '');
  const isTest = !PRODUCTION_HOSTS.includes(new URL(base).hostname);
  let nextIssueAt = 0;

  /** Spaces issues by issueIntervalMs (elapsed time, not the store's clock). */
  async function paced() {
    const start = performance.now();
    const wait = nextIssueAt - start;
    nextIssueAt = Math.max(start, nextIssueAt) + settings.issueIntervalMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** One call; not reached, cut by the timeout or unreadable is ProviderUnavailableError. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<{ status: number; data: unknown }> {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      url.searchParams.set(name, value);
    }
    try {
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${settings.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const text = await response.text();
      let data: unknown = text;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON (an HTML error page): kept as text, for the status to speak.
      }
      return { status: response.status, data };
    } catch (error) {
      throw new ProviderUnavailableError(`Biller no respondió: ${(error as Error).message}`);
    }
  }

  /** The document Biller keeps under `id`; null while it is not a CFE yet (404). */
  async function detailOf(id: number): Promise<BillerDetail | null> {
    const { status, data } = await call('GET', '/v3/comprobantes/detalle', {
      query: { id: String(id) },
    });
    if (status === 404) return null;
    if (status !== 200) throw failure(status, data);
    return data as BillerDetail;
  }

  /**
   * Biller's document as the store records it. The hash (security code and QR) comes only with
   * the issue's own answer and the draft; a later answer leaves the recorded ones as they are.
   */
  function answerOf(
    detail: BillerDetail,
    issued?: { hash: string | undefined; draft: CfeDraft },
  ): ProviderAnswer {
    const cae = detail.cae;
    if (!cae?.numero || !cae.fecha_expiracion) {
      throw new ProviderUnavailableError('Biller todavía no informa el CAE del comprobante');
    }
    const state = STATES[detail.estado ?? ''] ?? 'pending_dgi';
    const number = Number(detail.numero);
    const signedAt = montevideoInstant(detail.fecha_creacion) ?? montevideoTimestamp(clock.now());
    const hash = issued?.hash ?? detail.hash ?? null;
    const draft = issued?.draft;
    return {
      state,
      assigned: {
        serie: detail.serie,
        number,
        signedAt,
        cae: {
          id: String(cae.numero),
          from: Number(cae.inicio),
          to: Number(cae.fin),
          expiresOn: cae.fecha_expiracion,
        },
      },
      securityCode: hash ? hash.slice(0, 6) : null,
      qrUrl:
        hash && draft
          ? dgiQrUrl({
              isTest,
              rut: draft.issuer.rut,
              kind: draft.kind,
              serie: detail.serie,
              number,
              amount: draft.kind === 181 ? '0' : draft.totals.toPay,
              signedAt,
              hash,
            })
          : null,
      // Biller's API names the state, not DGI's reason; staff read it on biller.uy.
      signedXml: null,
      dgiReason: state === 'rejected' ? `${detail.estado} (el motivo está en biller.uy)` : null,
    };
  }

  /** The document issued under `key`, searched by its numero_interno. */
  async function status(key: string): Promise<ProviderAnswer | null> {
    // Without 'desde' Biller searches only today's documents.
    const since = storeDay(new Date(clock.now().getTime() - LOOKBACK_DAYS * DAY_MS));
    const { status: code, data } = await call('GET', '/v2/comprobantes/obtener', {
      query: { numero_interno: key, desde: `${since} 00:00:00` },
    });
    if (code !== 200) throw failure(code, data);
    const [found] = (Array.isArray(data) ? (data as BillerListed[]) : []).filter(
      (listed) => listed.numero_interno == null || listed.numero_interno === key,
    );
    if (!found) return null;
    const detail = await detailOf(found.id);
    // Listed but not a CFE yet: ask again later, never issue again.
    if (!detail) throw new ProviderUnavailableError('Biller todavía no terminó el comprobante');
    return answerOf(detail);
  }

  return {
    name: 'biller',
    async issue(draft, key) {
      await paced();
      const { status: code, data } = await call('POST', '/v3/comprobantes/emitir', {
        body: billerIssueBody(draft, key, settings.branchId),
      });
      if (code === 422 && REPEATED_KEY.test(messagesOf(data))) {
        // Issued before under this key (an answer lost on the way): that document is the answer.
        const known = await status(key);
        if (!known) throw new ProviderUnavailableError('Biller todavía no muestra el comprobante');
        return known;
      }
      if (code !== 200 && code !== 201) throw failure(code, data);
      const issued = data as BillerIssued;
      const detail = await detailOf(issued.id);
      if (!detail) throw new ProviderUnavailableError('Biller todavía no terminó el comprobante');
      return answerOf(detail, { hash: issued.hash, draft });
    },
    status,
    // Biller's API gives the printed PDF (GET /v2/comprobantes/pdf), never the signed XML.
    signedDocument: () => Promise.resolve(null),
  };
}
