/**
 * Spec §5 amount entry, as pure functions on the text the keypad shows.
 * Each returns the new text, or the same text when the key is refused.
 */

export const MAX_AMOUNT_DIGITS = 10;
export const MAX_AMOUNT_DECIMALS = 2;
export const EMPTY_AMOUNT = '0';

export type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

const digitCount = (text: string) => text.replace('.', '').length;

export function appendDigit(text: string, digit: Digit): string {
  if (text === EMPTY_AMOUNT) return digit; // the first digit replaces 0
  const [, decimals] = text.split('.');
  if (decimals !== undefined && decimals.length >= MAX_AMOUNT_DECIMALS) return text;
  if (digitCount(text) >= MAX_AMOUNT_DIGITS) return text;
  return text + digit;
}

export function appendDecimalPoint(text: string): string {
  return text.includes('.') ? text : `${text}.`;
}

export function removeLast(text: string): string {
  return text.length <= 1 ? EMPTY_AMOUNT : text.slice(0, -1);
}

export function amountValue(text: string): number {
  return Number(text.endsWith('.') ? text.slice(0, -1) : text);
}

/** The smallest amount that can be paid; the spec's 'Minimum amount is {amount}' names it. */
export const MIN_AMOUNT = 0.01;
