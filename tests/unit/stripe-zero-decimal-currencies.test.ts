/**
 * requirements.md §5 via Stripe's currency rules (docs.stripe.com/currencies#zero-decimal): in a zero-decimal
 * currency Stripe takes the amount itself, not hundredths; every one of Stripe's list, any letter case.
 */
import { describe, expect, it } from 'vitest';
import { stripeMinorUnits } from '../../machines/payment/methods/stripe/stripe.amount';

const STRIPE_ZERO_DECIMAL = [
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
];

describe('Stripe zero-decimal currencies', () => {
  it.each(STRIPE_ZERO_DECIMAL)('%s 1250 is sent as 1250', (currency) => {
    expect(stripeMinorUnits(1250, currency)).toBe(1250);
    expect(stripeMinorUnits(1250, currency.toLowerCase())).toBe(1250);
  });

  it('a two-decimal currency is sent in hundredths', () => {
    expect(stripeMinorUnits(12.5, 'ILS')).toBe(1250);
  });
});
