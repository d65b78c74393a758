import { describe, it, expect } from 'vitest';
import {
  amountValue,
  appendDecimalPoint,
  appendDigit,
  EMPTY_AMOUNT,
  removeLast,
  type Digit,
} from '../../machines/amount-entry/amount-rules';

/** Types keys on the keypad, starting from the empty amount. */
function type(keys: string): string {
  let text = EMPTY_AMOUNT;
  for (const key of keys) {
    if (key === '.') text = appendDecimalPoint(text);
    else if (key === '<') text = removeLast(text);
    else text = appendDigit(text, key as Digit);
  }
  return text;
}

describe('amount entry rules (requirements.md §5, §9)', () => {
  it('starts at 0', () => {
    expect(EMPTY_AMOUNT).toBe('0');
    expect(amountValue(EMPTY_AMOUNT)).toBe(0);
  });

  it('the smallest amount that can be typed above 0 is one cent', () => {
    expect(amountValue(type('.01'))).toBe(0.01);
  });

  describe('digits', () => {
    it('the first digit replaces 0', () => {
      expect(appendDigit('0', '7')).toBe('7');
      expect(type('5')).toBe('5');
    });

    it("'0' then '0' stays '0'", () => {
      expect(appendDigit('0', '0')).toBe('0');
      expect(type('000')).toBe('0');
    });

    it('later digits append', () => {
      expect(appendDigit('1', '2')).toBe('12');
      expect(type('1205')).toBe('1205');
    });

    it('allows at most 2 decimals', () => {
      expect(appendDigit('12.3', '4')).toBe('12.34');
      expect(appendDigit('12.34', '5')).toBe('12.34');
      expect(type('12.345')).toBe('12.34');
      expect(type('0.05')).toBe('0.05');
      expect(type('0.059')).toBe('0.05');
    });

    it('allows at most 10 digits in total, the point not counted', () => {
      expect(type('1234567890')).toBe('1234567890');
      expect(appendDigit('1234567890', '1')).toBe('1234567890');
      expect(type('12345678.9')).toBe('12345678.9');
      expect(appendDigit('12345678.9', '1')).toBe('12345678.91'); // 10 digits, 11 characters
      expect(appendDigit('123456789.1', '2')).toBe('123456789.1'); // would be 11 digits
      expect(type('123456789012')).toBe('1234567890');
    });
  });

  describe('decimal point', () => {
    it("'.' on 0 gives '0.'", () => {
      expect(appendDecimalPoint('0')).toBe('0.');
      expect(type('.')).toBe('0.');
      expect(type('.5')).toBe('0.5');
    });

    it('allows only one point', () => {
      expect(appendDecimalPoint('12.')).toBe('12.');
      expect(appendDecimalPoint('1.5')).toBe('1.5');
      expect(type('1.2.3')).toBe('1.23');
    });

    it("after '0.' a 0 is a decimal, not a replacement", () => {
      expect(appendDigit('0.', '0')).toBe('0.0');
      expect(type('.05')).toBe('0.05');
    });
  });

  describe('backspace', () => {
    it('removes the last character', () => {
      expect(removeLast('125')).toBe('12');
      expect(removeLast('12.5')).toBe('12.');
      expect(removeLast('12.')).toBe('12');
    });

    it('returns to 0 when one character is left', () => {
      expect(removeLast('7')).toBe('0');
      expect(removeLast('0')).toBe('0');
      expect(type('12<<')).toBe('0');
      expect(type('12<<<')).toBe('0');
    });

    it("'0.' backspaced is '0'", () => {
      expect(removeLast('0.')).toBe('0');
    });

    it('frees room under the limits again', () => {
      expect(type('12.34<5')).toBe('12.35');
      expect(type('1234567890<1')).toBe('1234567891');
    });
  });

  describe('amountValue', () => {
    it("reads a trailing point as no decimals: '12.' is 12", () => {
      expect(amountValue('12.')).toBe(12);
      expect(amountValue('0.')).toBe(0);
    });

    it('reads decimals', () => {
      expect(amountValue('12.5')).toBe(12.5);
      expect(amountValue('12.50')).toBe(12.5);
      expect(amountValue('0.05')).toBe(0.05);
      expect(amountValue('1234567890')).toBe(1234567890);
    });

    it('is 0 for the empty amount and for zeros with a point', () => {
      expect(amountValue('0')).toBe(0);
      expect(amountValue('0.0')).toBe(0);
      expect(amountValue('0.00')).toBe(0);
    });
  });
});
