/**
 * requirements.md §5, §9: an amount the visitor or a link gives is above 0, with at most 2 decimals and at most
 * 10 digits in all. The keypad, a payment link, the /test link builder and the sandbox read it alike.
 */

export const MAX_AMOUNT_DIGITS = 10;
export const MAX_AMOUNT_DECIMALS = 2;

export type AmountProblem = 'notNumber' | 'tooManyDecimals' | 'tooManyDigits' | 'notPositive';

export type AmountCheck = { ok: true; value: number } | { ok: false; problem: AmountProblem };

/**
 * Digits with an optional '.' and decimals, as written (no sign, exponent or spaces). Leading zeros
 * do not count as digits, except the one of "0.5" (as on the keypad).
 */
export function checkAmount(text: string): AmountCheck {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, problem: 'notNumber' };
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const decimals = match[2] ?? '';
  if (decimals.length > MAX_AMOUNT_DECIMALS) return { ok: false, problem: 'tooManyDecimals' };
  if (whole.length + decimals.length > MAX_AMOUNT_DIGITS) return { ok: false, problem: 'tooManyDigits' };
  const value = Number(text);
  return value > 0 ? { ok: true, value } : { ok: false, problem: 'notPositive' };
}
