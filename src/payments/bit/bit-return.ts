/**
 * The query parameter an earlier version's Bit return addresses carry (a one-time token): such an address
 * may still come back, and the page drops it.
 */
export const BIT_RETURN_PARAM = 'bit_return';

/**
 * The address without any `bit_return`: the rest of its query stays the text it was (a payment link's
 * query is the one its merchant signed), and nothing else changes.
 */
export function withoutBitReturn(href: string): URL {
  const url = new URL(href);
  url.search = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !new URLSearchParams(pair).has(BIT_RETURN_PARAM))
    .join('&');
  return url;
}

/**
 * Where Bit's page sends the visitor back: the very page they paid from (its path and its own query,
 * without a `bit_return` an earlier version's return left), so the purchase ends there as after any other
 * method: the page asks the operator about the payment this browser has underway.
 */
export function bitReturnAddress(page: string): string {
  const back = withoutBitReturn(page);
  back.hash = '';
  return back.href;
}
