import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../machines/menu/menu.types';
import { decimalSeparator, formatMoney, formatTypedAmount } from '../../src/components/Money';

// ICU writes a no-break space (U+00A0) and, in Hebrew, right-to-left marks (U+200F).
describe('formatMoney: the page language decides the pattern, the operator the symbol', () => {
  it.each([
    ['en', '₪6.50'],
    ['he', '\u200f6.50\u00a0\u200f₪'],
    ['fr', '6,50\u00a0₪'],
    ['es', '6,50\u00a0₪'],
  ])('%s writes 6.5 ILS as %j', (language, expected) => {
    expect(formatMoney(6.5, '₪', language, 'ILS')).toBe(expected);
  });

  it('groups thousands the language’s way', () => {
    expect(formatMoney(1234.5, '₪', 'en', 'ILS')).toBe('₪1,234.50');
    expect(formatMoney(1234.5, '₪', 'fr', 'ILS')).toBe('1\u202f234,50\u00a0₪');
  });

  it('keeps two digits when no currency is given', () => {
    expect(formatMoney(6, '₪', 'en')).toBe('₪6.00');
    expect(formatMoney(6, '₪', 'fr')).toBe('6,00\u00a0₪');
  });

  it('falls back to the language pattern with two digits for a code Intl refuses', () => {
    expect(formatMoney(6.5, 'pts', 'en', 'not a code')).toBe('pts6.50');
    expect(formatMoney(6.5, 'pts', 'fr', '€€')).toBe('6,50\u00a0pts');
  });

  it('uses the currency’s own digits for a well-formed code', () => {
    expect(formatMoney(650, '¥', 'en', 'JPY')).toBe('¥650');
    expect(formatMoney(6.5, 'ABC', 'en', 'ABC')).toBe('ABC\u00a06.50');
  });
});

describe('formatTypedAmount: the keypad writes what was typed as the language writes amounts', () => {
  it.each([
    ['en', ['₪0', '₪12', '₪12.', '₪12.5', '₪12.05', '₪1,234,567,890.99']],
    [
      'he',
      [
        '\u200f0\u00a0\u200f₪',
        '\u200f12\u00a0\u200f₪',
        '\u200f12.\u00a0\u200f₪',
        '\u200f12.5\u00a0\u200f₪',
        '\u200f12.05\u00a0\u200f₪',
        '\u200f1,234,567,890.99\u00a0\u200f₪',
      ],
    ],
    [
      'fr',
      ['0\u00a0₪', '12\u00a0₪', '12,\u00a0₪', '12,5\u00a0₪', '12,05\u00a0₪', '1\u202f234\u202f567\u202f890,99\u00a0₪'],
    ],
    ['es', ['0\u00a0₪', '12\u00a0₪', '12,\u00a0₪', '12,5\u00a0₪', '12,05\u00a0₪', '1.234.567.890,99\u00a0₪']],
  ])('%s: 0, 12, "12.", 12.5, 12.05 and ten digits with cents', (language, expected) => {
    const typed = ['0', '12', '12.', '12.5', '12.05', '1234567890.99'];
    expect(typed.map((text) => formatTypedAmount(text, '₪', language))).toEqual(expected);
  });

  it('shows the operator’s symbol, not the stand-in currency’s', () => {
    expect(formatTypedAmount('3.5', 'pts', 'fr')).toBe('3,5\u00a0pts');
  });

  it.each([
    ['en', '.'],
    ['he', '.'],
    ['fr', ','],
    ['es', ','],
  ])('the %s decimal key shows %j', (language, separator) => {
    expect(decimalSeparator(language)).toBe(separator);
  });
});

/**
 * The oracle: Intl itself, as the app called it before it wrote amounts from patterns read at build time (its
 * parts, with the operator's symbol for ICU's; the sign currency € where the code is missing or refused).
 */
function intlMoney(amount: number, symbol: string, language: string, currency?: string): string {
  let format: Intl.NumberFormat;
  try {
    if (!currency) throw new RangeError('no code');
    format = new Intl.NumberFormat(language, { style: 'currency', currency });
  } catch {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  }
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('');
}

describe('formatMoney writes every amount as Intl.NumberFormat does', () => {
  // Halves that a binary double holds a hair under (1.005, 2.675), signs, zeros, grouping edges, exponents.
  const amounts = [
    0, -0, 0.004, 0.005, -0.005, 0.5, 1.005, 2.675, 6.66, 9.995, 99.995, 999.995, 1234, 1234.5, 12345.678, -1234.5,
    123456789.125, 1e-7, 5e-7, 1e21, 1.5e22, 4.35, 0.615, 1.45, 8.345, 1.255,
  ];
  // ≥ 2,000 more with two or three decimals, from a fixed seed (the same amounts on every run).
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let index = 0; index < 2000; index += 1)
    amounts.push(Math.round(next() * 10 ** (1 + (index % 8)) * 1000) / 1000);
  const currencies = [
    undefined,
    '',
    'ILS',
    'ils',
    'USD',
    'EUR',
    'CHF',
    'CNY',
    'JPY',
    'BHD',
    'CLF',
    'ADP',
    'XXX',
    'ABC',
    'not a code',
    '€€',
  ];

  it.each(LANGUAGES.flatMap((language) => currencies.map((currency) => [language, currency] as const)))(
    '%s with %j',
    (language, currency) => {
      for (const amount of amounts)
        expect(formatMoney(amount, '₪', language, currency), String(amount)).toBe(
          intlMoney(amount, '₪', language, currency),
        );
    },
  );
});

describe('formatTypedAmount writes the typed whole part as Intl.NumberFormat does', () => {
  it.each(LANGUAGES)('%s', (language) => {
    for (const whole of ['', '0', '7', '12', '123', '1234', '12345', '123456', '1234567', '012']) {
      const parts = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).formatToParts(
        Number(whole),
      );
      const expected = (decimals?: string) =>
        parts
          .map((part) => {
            if (part.type === 'currency') return 'pts';
            if (part.type === 'decimal') return decimals === undefined ? '' : part.value;
            if (part.type === 'fraction') return decimals ?? '';
            return part.value;
          })
          .join('');
      expect(formatTypedAmount(whole, 'pts', language)).toBe(expected());
      expect(formatTypedAmount(`${whole}.`, 'pts', language)).toBe(expected(''));
      expect(formatTypedAmount(`${whole}.5`, 'pts', language)).toBe(expected('5'));
    }
  });
});
