// A small reader of the mails an smtp-server receives from nodemailer: headers decoded, the
// MIME tree walked, each part decoded (quoted-printable, base64), so tests read the subject,
// the text, the HTML and the attachments' names as a mail client would.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
export type ReadMail = {
  subject: string;
  to: string;
  text: string;
  html: string;
  attachments: string[];
};

export const decodeQuotedPrintable = (value: string) =>
  Buffer.from(
    value
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words ('=?UTF-8?Q?...?=') in a header value. */
export const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

function splitPart(raw: string) {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string) {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function walk(raw: string, mail: ReadMail) {
  const { headers, body } = splitPart(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      walk(part.replace(/^\r?\n/, ''), mail);
    }
    return;
  }
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  if (filename) mail.attachments.push(decodeHeader(filename));
  else if (type.toLowerCase().startsWith('text/html')) mail.html += decodeBody(headers, body);
  else if (type.toLowerCase().startsWith('text/plain')) mail.text += decodeBody(headers, body);
}

/** The mail as its reader sees it. */
export function readMail(raw: string): ReadMail {
  const { headers } = splitPart(raw);
  const mail: ReadMail = {
    subject: decodeHeader(headers.get('subject') ?? ''),
    to: decodeHeader(headers.get('to') ?? ''),
    text: '',
    html: '',
    attachments: [],
  };
  walk(raw, mail);
  mail.text = mail.text.replace(/\r\n/g, '\n').trimEnd();
  return mail;
}

export type SmtpEnvelope = { from: string; to: string[] };

/**
 * A real smtp-server on a loopback port. `onMail` gets each message whole; returning an Error
 * (with a `responseCode`) refuses it, as a busy server would. `replyDelayMs` answers each
 * message that much later, as a relay checking it would. It counts the connections it saw and
 * the most messages it was receiving at once.
 */
export async function listenSmtp(
  onMail: (raw: string, envelope: SmtpEnvelope) => Error | void,
  options: { replyDelayMs?: number } = {},
) {
  const stats = { connections: 0, inFlight: 0, mostInFlight: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // The outbox's mailer keeps its connections open (a pool): closing, the server ends them
    // instead of waiting for the mailer to.
    closeTimeout: 100,
    onConnect(_session, callback) {
      stats.connections++;
      callback();
    },
    onData(stream, session, callback) {
      stats.inFlight++;
      stats.mostInFlight = Math.max(stats.mostInFlight, stats.inFlight);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        const answer = () => {
          stats.inFlight--;
          callback(onMail(Buffer.concat(chunks).toString('utf8'), envelope) ?? undefined);
        };
        if (options.replyDelayMs) setTimeout(answer, options.replyDelayMs);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    stats,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
