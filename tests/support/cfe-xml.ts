// DGI's XSD 1.44.1 (tests/fixtures/dgi-cfe-xsd-1.44.1, copied unchanged from DGI's set) and a
// real validator, libxml2's xmllint, over what the store builds and keeps; and an independent
// check of the XML signature through libxml2's own Exclusive C14N.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, X509Certificate, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const XSD_DIR = path.resolve('tests/fixtures/dgi-cfe-xsd-1.44.1');
const folder = mkdtempSync(path.join(tmpdir(), 'tienda-cfe-'));
let counter = 0;

function writeTemp(xml: string) {
  const file = path.join(folder, `cfe-${++counter}.xml`);
  writeFileSync(file, xml);
  return file;
}

/** xmllint's verdict of `xml` against `schema` (CFEDGI.xsd: one CFE): '' when valid. */
export function schemaErrors(xml: string, schema = 'CFEDGI.xsd'): string {
  const result = spawnSync(
    'xmllint',
    ['--noout', '--nonet', '--schema', path.join(XSD_DIR, schema), writeTemp(xml)],
    { encoding: 'utf8' },
  );
  return result.status === 0 ? '' : result.stderr.trim() || `xmllint exited ${result.status}`;
}

/** libxml2's Exclusive C14N of a whole document. */
export const exclusiveC14n = (xml: string) =>
  execFileSync('xmllint', ['--nonet', '--exc-c14n', writeTemp(xml)], { encoding: 'utf8' });

const between = (xml: string, start: string, end: string) => {
  const from = xml.indexOf(start);
  const to = xml.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`no ${start} in the document`);
  return xml.slice(from, to + end.length);
};

const textOf = (xml: string, name: string) =>
  new RegExp(`<ds:${name}>([^<]*)</ds:${name}>`).exec(xml)?.[1] ?? '';

/**
 * Verifies an enveloped signature the way a verifier does, with libxml2 canonicalizing: the
 * document without its Signature hashed against DigestValue, SignedInfo canonicalized on its
 * own and its SignatureValue verified with the public key of the embedded certificate, and
 * the certificate's own self-signature. Answers what failed, or '' when it all holds.
 */
export function signatureProblems(signed: string): string {
  const signature = between(signed, '<ds:Signature', '</ds:Signature>');
  const unsigned = signed.replace(signature, '');
  const digest = createHash('sha256').update(exclusiveC14n(unsigned)).digest('base64');
  if (digest !== textOf(signature, 'DigestValue')) return 'DigestValue does not match';
  const info = between(signature, '<ds:SignedInfo', '</ds:SignedInfo>').replace(
    '<ds:SignedInfo>',
    '<ds:SignedInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">',
  );
  const certificate = new X509Certificate(
    Buffer.from(textOf(signature, 'X509Certificate'), 'base64'),
  );
  if (!certificate.verify(certificate.publicKey)) return 'certificate is not self-signed';
  const value = Buffer.from(textOf(signature, 'SignatureValue'), 'base64');
  if (!verify('sha256', Buffer.from(exclusiveC14n(info)), certificate.publicKey, value)) {
    return 'SignatureValue does not verify';
  }
  return '';
}
