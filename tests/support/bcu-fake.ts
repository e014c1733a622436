// A local stand-in for the BCU's quotation service (awsbcucotizaciones) over real HTTP: it reads
// the SOAP request's currency and date range and answers the quotations it holds for business
// days in that range, in the service's response shape (docs/decisions/085-the-bcu-rate.md).
// Tests set its quotations and may make it fail; nothing reaches the internet.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeBcu = {
  url: string;
  /** Buying rates (TCC) by business day: '2026-11-27' → '39.512'. */
  quotes: Map<string, string>;
  /** 'ok' answers; 'error' answers a SOAP fault (500); 'no-data' a status without quotations. */
  mode: 'ok' | 'error' | 'no-data';
  /** The ranges asked, oldest first. */
  requests: { currency: string; from: string; to: string; soapAction: string }[];
  close(): Promise<void>;
};

const tag = (body: string, name: string) =>
  new RegExp(`<(?:[\\w-]+:)?${name.replace('.', '\\.')}>([^<]*)</`).exec(body)?.[1] ?? '';

function answer(fake: FakeBcu, currency: string, from: string, to: string) {
  const days = [...fake.quotes.keys()].filter((day) => day >= from && day <= to).sort();
  if (fake.mode === 'no-data' || days.length === 0) {
    return `<?xml version="1.0" encoding="utf-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><wsbcucotizaciones.ExecuteResponse xmlns="Cotiza"><Salida><respuestastatus><status>0</status><codigoerror>100</codigoerror><mensaje>No existen cotizaciones para los datos ingresados</mensaje></respuestastatus><datoscotizaciones></datoscotizaciones></Salida></wsbcucotizaciones.ExecuteResponse></SOAP-ENV:Body></SOAP-ENV:Envelope>`;
  }
  const datos = days
    .map(
      (day) =>
        `<datoscotizaciones.dato><Fecha>${day}</Fecha><Moneda>${currency}</Moneda><Nombre>DLS. USA BILLETE</Nombre><CodigoISO>USD</CodigoISO><Emisor>FED. RESERVE SYSTEM</Emisor><TCC>${fake.quotes.get(day)}</TCC><TCV>${fake.quotes.get(day)}</TCV><ArbAct>1.000000</ArbAct><FormaArbitrar>0</FormaArbitrar></datoscotizaciones.dato>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><wsbcucotizaciones.ExecuteResponse xmlns="Cotiza"><Salida><respuestastatus><status>1</status><codigoerror>0</codigoerror><mensaje></mensaje></respuestastatus><datoscotizaciones>${datos}</datoscotizaciones></Salida></wsbcucotizaciones.ExecuteResponse></SOAP-ENV:Body></SOAP-ENV:Envelope>`;
}

/** Starts the fake on a free loopback port. */
export async function startFakeBcu(): Promise<FakeBcu> {
  const fake: FakeBcu = {
    url: '',
    quotes: new Map(),
    mode: 'ok',
    requests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const asked = {
        currency: tag(body, 'item'),
        from: tag(body, 'FechaDesde'),
        to: tag(body, 'FechaHasta'),
        soapAction: String(request.headers.soapaction ?? ''),
      };
      fake.requests.push(asked);
      if (fake.mode === 'error') {
        response.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' });
        response.end(
          '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><SOAP-ENV:Fault><faultcode>SOAP-ENV:Server</faultcode><faultstring>Servicio no disponible</faultstring></SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>',
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      response.end(answer(fake, asked.currency, asked.from, asked.to));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wscotizaciones/servlet/awsbcucotizaciones`;
  return fake;
}
