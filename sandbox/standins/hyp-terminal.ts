import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The merchant's Hyp terminal as the sandbox knows it: one secret shared only by the Hyp stand-in and
 * the operator stand-in, never by the app. Hyp's own signing algorithm is not public (it signs the
 * redirect and checks it in APISign What=VERIFY: developers.hyp.co.il/pay/security/transaction-validation),
 * so the sandbox signs with HMAC-SHA256 over the parameters in their order.
 */
const TERMINAL_SECRET = randomBytes(32);

/** Where a signature travels: `signature` on the payment page's address, `Sign` on the redirect back. */
const SIGNATURES = ['signature', 'Sign'];

/** The signature of these parameters, in this order (a signature among them left out). */
export function hypSign(params: URLSearchParams): string {
  const signed = [...params].filter(([name]) => !SIGNATURES.includes(name));
  return createHmac('sha256', TERMINAL_SECRET).update(new URLSearchParams(signed).toString()).digest('hex');
}

/** Whether the signature (`name`) among the parameters is theirs, as APISign What=VERIFY answers it. */
export function hasHypSignature(params: URLSearchParams, name: 'signature' | 'Sign'): boolean {
  const [given, expected] = [Buffer.from(params.get(name) ?? ''), Buffer.from(hypSign(params))];
  return given.length === expected.length && timingSafeEqual(given, expected);
}
