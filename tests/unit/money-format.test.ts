import { describe, expect, it } from 'vitest';
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
