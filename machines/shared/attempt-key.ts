/**
 * A new Idempotency-Key for one payment attempt (design.md §10): a random UUID (RFC 9562, version 4) from
 * the platform's cryptographic generator. getRandomValues, not randomUUID: the latter exists only in a
 * secure context, and a machine's page may be opened over plain http on a local network.
 */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // the RFC's variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}
