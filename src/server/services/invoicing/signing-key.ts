// The simulated provider's test certificate: an RSA key made by Node's crypto at start-up and
// a self-signed X.509 certificate for it (x509.ts), valid two years. It signs for real, but
// for no one DGI knows: the documents it signs say they have no fiscal value.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { selfSignedCertificate } from './x509';
import type { signEnveloped } from './xmldsig';

export type SigningKey = Parameters<typeof signEnveloped>[1];

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A new key and its certificate, named after the provider that signs with it. */
export function createTestSigningKey(now: Date): SigningKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificate = selfSignedCertificate({
    publicKey,
    privateKey,
    name: { CN: 'Proveedor simulado de CFE (pruebas)', O: 'Tienda', C: 'UY' },
    // A positive 63-bit serial, random so two test certificates never share one.
    serialNumber: BigInt(`0x${randomBytes(8).toString('hex')}`) >> 1n,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + 2 * YEAR_MS),
  });
  return { privateKey, certificate };
}
