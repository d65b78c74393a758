import { describe, expect, it } from 'vitest';
import { brandNamesWhole } from '../../src/i18n/brand-names';

const NBSP = '\u00a0';

describe('brandNamesWhole: a two-word payment brand is never broken over two lines', () => {
  it.each([
    ['הקישו על הכפתור ואשרו את התשלום ב-Google Pay.', `הקישו על הכפתור ואשרו את התשלום ב-Google${NBSP}Pay.`],
    ['Confirmez le paiement dans la fenêtre Apple Pay.', `Confirmez le paiement dans la fenêtre Apple${NBSP}Pay.`],
    ['(card, Google Pay, Apple Pay or Bit)', `(card, Google${NBSP}Pay, Apple${NBSP}Pay or Bit)`],
  ])('%s', (text, whole) => {
    expect(brandNamesWhole.process(text)).toBe(whole);
  });

  it('leaves other words alone, and a method label that is the name alone', () => {
    for (const text of ['Google Payments', 'Pay with a card', 'Bit', 'Apple  Pay', 'Google Pay', 'Apple Pay']) {
      expect(brandNamesWhole.process(text)).toBe(text);
    }
  });
});
