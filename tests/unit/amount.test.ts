import { describe, expect, it } from 'vitest';
import { checkAmount, MAX_AMOUNT_DECIMALS, MAX_AMOUNT_DIGITS } from '../../machines/shared/amount';

describe('the amount rule (requirements.md §5, §9)', () => {
  it('has the limits of requirements.md §9', () => {
    expect(MAX_AMOUNT_DIGITS).toBe(10);
    expect(MAX_AMOUNT_DECIMALS).toBe(2);
  });

  it.each([
    ['7.5', 7.5],
    ['10', 10],
    ['0.01', 0.01],
    ['007.50', 7.5],
    ['1234567890', 1234567890],
    // Leading zeros are not digits of the amount.
    ['0001234567890', 1234567890],
    ['12345678.90', 12345678.9],
  ])('%s is %d', (text, value) => {
    expect(checkAmount(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'notNumber'],
    ['abc', 'notNumber'],
    [' 5', 'notNumber'],
    ['-5', 'notNumber'],
    ['1e3', 'notNumber'],
    ['5.', 'notNumber'],
    ['.5', 'notNumber'],
    ['12,50', 'notNumber'],
    ['1.005', 'tooManyDecimals'],
    ['12345678901', 'tooManyDigits'],
    ['123456789.01', 'tooManyDigits'],
    ['0', 'notPositive'],
    ['0.00', 'notPositive'],
    ['000', 'notPositive'],
  ])('%j is refused: %s', (text, problem) => {
    expect(checkAmount(text)).toEqual({ ok: false, problem });
  });
});
