/**
 * A fresh key for one checkout attempt. crypto.randomUUID exists only in secure contexts
 * (https, localhost); a store served over plain http on a LAN still needs a key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
