import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A payment link names its amount in its address (requirements.md §2 /customPaymentIframe, /genPaymentIntend), so the
 * operator pays only links the merchant signed: HMAC-SHA256, with the merchant's payment-link key, of the
 * link's parameters but `signature`, sorted by name, written `name=value` (percent-encoded) and joined
 * with `&`; hex in the `signature` parameter. Hyp signs its payment pages the same way (APISign What=SIGN,
 * developers.hyp.co.il/pay/getting-started/creating-a-payment-page): an edited amount no longer matches.
 */
export const SIGNATURE_PARAM = 'signature';

/**
 * When the link stops working: seconds since the epoch, signed with the rest so it cannot be moved. Every
 * link must carry one (a link without it is refused, never treated as everlasting), at most
 * MAX_LINK_LIFETIME_S ahead, so the operator forgets what it keeps about a link within that time.
 */
export const EXPIRES_PARAM = 'expires';
export const MAX_LINK_LIFETIME_S = 30 * 24 * 60 * 60;

function canonical(params: URLSearchParams): string {
  return [...params]
    .filter(([name]) => name !== SIGNATURE_PARAM)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .join('&');
}

export function linkSignature(key: string, params: URLSearchParams): string {
  return createHmac('sha256', key).update(canonical(params)).digest('hex');
}

/** The same parameters with their signature set (replacing any other). */
export function signLink(key: string, params: URLSearchParams): URLSearchParams {
  const signed = new URLSearchParams([...params].filter(([name]) => name !== SIGNATURE_PARAM));
  signed.set(SIGNATURE_PARAM, linkSignature(key, signed));
  return signed;
}

/** Whether the parameters carry one signature and it is the key's (compared in constant time). */
export function isSignedLink(key: string, params: URLSearchParams): boolean {
  const given = params.getAll(SIGNATURE_PARAM);
  if (given.length !== 1 || !/^[0-9a-f]{64}$/.test(given[0] ?? '')) return false;
  return timingSafeEqual(Buffer.from(given[0] ?? '', 'hex'), Buffer.from(linkSignature(key, params), 'hex'));
}

/** Why a link's expiry makes it unusable now, if it does. */
export type ExpiryProblem = 'missing' | 'malformed' | 'too-far' | 'expired';

/** The link's expiry (seconds since the epoch), or why it cannot be used at `nowMs`. */
export function linkExpiry(
  params: URLSearchParams,
  nowMs = Date.now(),
): { ok: true; expiresAt: number } | { ok: false; problem: ExpiryProblem } {
  const given = params.getAll(EXPIRES_PARAM);
  if (given.length === 0) return { ok: false, problem: 'missing' };
  if (given.length !== 1 || !/^[0-9]{1,12}$/.test(given[0] ?? '')) return { ok: false, problem: 'malformed' };
  const expiresAt = Number(given[0]);
  const now = Math.floor(nowMs / 1000);
  if (expiresAt <= now) return { ok: false, problem: 'expired' };
  if (expiresAt > now + MAX_LINK_LIFETIME_S) return { ok: false, problem: 'too-far' };
  return { ok: true, expiresAt };
}

/** The expiry `lifetimeS` seconds from `nowMs`, as a link writes it. */
export const expiresIn = (lifetimeS: number, nowMs = Date.now()) => String(Math.floor(nowMs / 1000) + lifetimeS);
