import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A payment link names its amount in its address (requirements.md §2 /customPaymentIframe, /genPaymentIntend), so the
 * operator pays only links the merchant signed: HMAC-SHA256, with the merchant's payment-link key, of the
 * link's parameters but `signature`, sorted by name, written `name=value` (percent-encoded) and joined
 * with `&`; hex in the `signature` parameter. Hyp signs its payment pages the same way (APISign What=SIGN,
 * developers.hyp.co.il/pay/getting-started/creating-a-payment-page): an edited amount no longer matches.
 */
export const SIGNATURE_PARAM = 'signature';

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
