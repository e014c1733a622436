// An enveloped XML signature (XMLDSig, RSA-SHA256, Exclusive C14N) over a CFE written by
// cfe-xml.ts. That XML is already canonical (xml-writer.ts), so the digest is taken over the
// string itself and SignedInfo's canonical form is its own text with the one namespace it
// uses: no general canonicalizer is needed because the store never signs XML it did not
// write. KeyInfo names the certificate as DGI's schema comment asks (X509IssuerSerial) and
// carries it (docs/decisions/086-invoices-through-a-certified-provider.md).
import { createHash, type KeyObject, sign } from 'node:crypto';
import type { SelfSignedCertificate } from './x509';
import { element } from './xml-writer';

export const DSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

const algorithm = (name: string, uri: string) => element(`ds:${name}`, [], [['Algorithm', uri]]);

/** SignedInfo as written inside the signature (it inherits `xmlns:ds` from Signature). */
function signedInfo(digest: string) {
  return element('ds:SignedInfo', [
    algorithm('CanonicalizationMethod', EXC_C14N),
    algorithm('SignatureMethod', RSA_SHA256),
    element(
      'ds:Reference',
      [
        element('ds:Transforms', [
          algorithm('Transform', ENVELOPED),
          algorithm('Transform', EXC_C14N),
        ]),
        algorithm('DigestMethod', SHA256),
        element('ds:DigestValue', digest),
      ],
      [['URI', '']],
    ),
  ]);
}

/** SignedInfo's exclusive canonical form: its namespace declared on itself. */
export const canonicalSignedInfo = (written: string) =>
  written.replace('<ds:SignedInfo>', `<ds:SignedInfo xmlns:ds="${DSIG_NAMESPACE}">`);

/** The SHA-256 of a canonical document, base64: DigestValue, and DGI's 'hash' of the CFE. */
export const digestOf = (canonicalXml: string) =>
  createHash('sha256').update(canonicalXml, 'utf8').digest('base64');

/**
 * `xml` (one canonical element, e.g. a CFE) with its enveloped signature as the last child.
 * Answers the signed document and the digest, which the printed CFE's security code and QR
 * are taken from.
 */
export function signEnveloped(
  xml: string,
  key: { privateKey: KeyObject; certificate: SelfSignedCertificate },
): { xml: string; digest: string } {
  const digest = digestOf(xml);
  const info = signedInfo(digest);
  const value = sign('sha256', Buffer.from(canonicalSignedInfo(info), 'utf8'), key.privateKey);
  const signature = element(
    'ds:Signature',
    [
      info,
      element('ds:SignatureValue', value.toString('base64')),
      element('ds:KeyInfo', [
        element('ds:X509Data', [
          element('ds:X509IssuerSerial', [
            element('ds:X509IssuerName', key.certificate.issuerName),
            element('ds:X509SerialNumber', key.certificate.serialNumber.toString()),
          ]),
          element('ds:X509Certificate', key.certificate.der.toString('base64')),
        ]),
      ]),
    ],
    [['xmlns:ds', DSIG_NAMESPACE]],
  );
  const close = xml.lastIndexOf('</');
  return { xml: `${xml.slice(0, close)}${signature}${xml.slice(close)}`, digest };
}
