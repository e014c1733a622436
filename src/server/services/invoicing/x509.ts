// A self-signed X.509 certificate written with Node's crypto and a few lines of DER: the
// simulated provider's test certificate, so its documents carry a real signature that any
// XMLDSig verifier checks, without a certificate library
// (docs/decisions/086-invoices-through-a-certified-provider.md).
import { type KeyObject, sign } from 'node:crypto';

const lengthBytes = (length: number) => {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};

/** One DER value: tag, length, contents. */
const der = (tag: number, ...contents: Buffer[]) => {
  const body = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body]);
};

const sequence = (...items: Buffer[]) => der(0x30, ...items);

function integer(value: bigint) {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  let bytes = Buffer.from(hex, 'hex');
  // A positive integer whose first bit is set needs a leading zero byte.
  if (bytes[0]! & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return der(0x02, bytes);
}

function objectId(dotted: string) {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first! * 40 + second!];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let value = part >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

const SHA256_WITH_RSA = sequence(objectId('1.2.840.113549.1.1.11'), der(0x05));
const NAME_PARTS = { CN: '2.5.4.3', O: '2.5.4.10', C: '2.5.4.6' } as const;

export type CertificateName = { CN: string; O: string; C: string };

/** Country as PrintableString, the rest as UTF8String; C, O, CN in that order. */
const nameDer = (name: CertificateName) =>
  sequence(
    ...(['C', 'O', 'CN'] as const).map((part) =>
      der(
        0x31,
        sequence(
          objectId(NAME_PARTS[part]),
          der(part === 'C' ? 0x13 : 0x0c, Buffer.from(name[part])),
        ),
      ),
    ),
  );

/** UTCTime through 2049, GeneralizedTime after, as RFC 5280 asks. */
function timeDer(date: Date) {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050
    ? der(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : der(0x18, Buffer.from(`${iso}Z`));
}

export type SelfSignedCertificate = {
  der: Buffer;
  /** RFC 4514's text of the issuer ('CN=…,O=…,C=UY'), for X509IssuerName. */
  issuerName: string;
  serialNumber: bigint;
};

/** A version 3 certificate of `publicKey` for `name`, signed by its own `privateKey`. */
export function selfSignedCertificate(options: {
  publicKey: KeyObject;
  privateKey: KeyObject;
  name: CertificateName;
  serialNumber: bigint;
  notBefore: Date;
  notAfter: Date;
}): SelfSignedCertificate {
  const name = nameDer(options.name);
  const tbs = sequence(
    der(0xa0, integer(2n)),
    integer(options.serialNumber),
    SHA256_WITH_RSA,
    name,
    sequence(timeDer(options.notBefore), timeDer(options.notAfter)),
    name,
    options.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, options.privateKey);
  const certificate = sequence(tbs, SHA256_WITH_RSA, der(0x03, Buffer.from([0]), signature));
  const { CN, O, C } = options.name;
  const escape = (value: string) => value.replace(/([,+"\\<>;=])/g, '\\$1');
  return {
    der: certificate,
    issuerName: `CN=${escape(CN)},O=${escape(O)},C=${escape(C)}`,
    serialNumber: options.serialNumber,
  };
}
