/**
 * Stripe's currencies without minor units: the amount is the whole number itself
 * (docs.stripe.com/currencies#zero-decimal).
 */
const ZERO_DECIMAL_CURRENCIES = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/**
 * Stripe's three-decimal currencies: amounts in thousandths, but the last digit must be 0 ("round
 * amounts to the nearest ten", docs.stripe.com/currencies#three-decimal).
 */
const THREE_DECIMAL_CURRENCIES = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** An amount as Stripe's API takes it: a whole number of the currency's smallest unit. */
export function stripeMinorUnits(amount: number, currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL_CURRENCIES.has(code)) return Math.round(amount);
  // Rounded to hundredths first, so the thousandths digit is always 0.
  if (THREE_DECIMAL_CURRENCIES.has(code)) return Math.round(amount * 100) * 10;
  return Math.round(amount * 100);
}
