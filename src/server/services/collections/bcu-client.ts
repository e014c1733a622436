// The one module that speaks to the Banco Central del Uruguay's quotation service
// (docs/decisions/085-the-bcu-rate.md): its SOAP operation `awsbcucotizaciones.Execute`, as its
// public WSDL describes it (namespace 'Cotiza'), asked for one currency over a date range.
// Everything else in the store sees `{ day, buying }` pairs. Tests answer it with a local fake
// over real HTTP (tests/support/bcu-fake.ts), never the internet.

/** The BCU's code of the US dollar as the tax rules use it: 'DLS. USA BILLETE'. */
export const BCU_DOLLAR_CODE = 2225;
/** Longer than this and the service counts as unreachable for this run. */
const TIMEOUT_MS = 10_000;

/** One quotation: its business day and the buying rate (TCC) as a decimal string. */
export type BcuQuote = { day: string; buying: string };

/** The service did not answer, or answered no usable quotation; the message says which. */
export class BcuUnavailableError extends Error {}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SOAP request for `currency` between two days, both included. */
export function bcuRequestBody(from: string, to: string, currency = BCU_DOLLAR_CODE) {
  return `<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:cot="Cotiza">
  <soapenv:Header/>
  <soapenv:Body>
    <cot:wsbcucotizaciones.Execute>
      <cot:Entrada>
        <cot:Moneda><cot:item>${currency}</cot:item></cot:Moneda>
        <cot:FechaDesde>${escapeXml(from)}</cot:FechaDesde>
        <cot:FechaHasta>${escapeXml(to)}</cot:FechaHasta>
        <cot:Grupo>0</cot:Grupo>
      </cot:Entrada>
    </cot:wsbcucotizaciones.Execute>
  </soapenv:Body>
</soapenv:Envelope>`;
}

/** The text of every element named `name` (any namespace prefix) inside `xml`. */
function elements(xml: string, name: string): string[] {
  const escaped = name.replace('.', '\\.');
  const pattern = new RegExp(
    `<(?:[\\w-]+:)?${escaped}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${escaped}>`,
    'g',
  );
  return [...xml.matchAll(pattern)].map((match) => match[1]!.trim());
}

const first = (xml: string, name: string) => elements(xml, name)[0];

/** A rate as the service writes it ('39.512', '39,512') with at most four decimals, or undefined. */
function rateText(text: string | undefined): string | undefined {
  const normal = text?.replace(',', '.');
  if (!normal || !/^\d{1,4}(\.\d{1,4})?$/.test(normal) || Number(normal) <= 0) return undefined;
  return normal;
}

/**
 * Reads the service's answer: its status (1 is success), then each `datoscotizaciones.dato` of
 * `currency` with its day (`Fecha`) and buying rate (`TCC`). A failure status, or an answer
 * without any such quotation, is BcuUnavailableError with the service's message.
 */
export function parseBcuResponse(xml: string, currency = BCU_DOLLAR_CODE): BcuQuote[] {
  const status = first(xml, 'respuestastatus');
  if (status !== undefined && first(status, 'status') !== '1') {
    const message = first(status, 'mensaje') || `código ${first(status, 'codigoerror') ?? '?'}`;
    throw new BcuUnavailableError(`el BCU respondió sin cotizaciones: ${message}`);
  }
  const quotes = elements(xml, 'datoscotizaciones.dato').flatMap((dato) => {
    const day = first(dato, 'Fecha')?.slice(0, 10);
    const buying = rateText(first(dato, 'TCC'));
    const isCurrency = Number(first(dato, 'Moneda')) === currency;
    return isCurrency && day && /^\d{4}-\d{2}-\d{2}$/.test(day) && buying ? [{ day, buying }] : [];
  });
  if (quotes.length === 0) throw new BcuUnavailableError('el BCU respondió sin cotizaciones');
  return quotes;
}

/**
 * Asks `url` for the dollar's quotations between two days. Network failures, timeouts and
 * non-2xx answers are BcuUnavailableError too: the caller keeps the last rate it has.
 */
export async function fetchBcuQuotes(
  url: string,
  range: { from: string; to: string },
): Promise<BcuQuote[]> {
  let answer: Response;
  try {
    answer = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        soapaction: '"Cotizaaction/AWSBCUCOTIZACIONES.Execute"',
      },
      body: bcuRequestBody(range.from, range.to),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new BcuUnavailableError(`el BCU no respondió: ${(error as Error).message}`);
  }
  const text = await answer.text().catch(() => '');
  if (!answer.ok) throw new BcuUnavailableError(`el BCU respondió ${answer.status}`);
  return parseBcuResponse(text);
}
