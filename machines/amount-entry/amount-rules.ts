/**
 * requirements.md §5 amount entry, as pure functions on the text the keypad shows.
 * Each returns the new text, or the same text when the key is refused.
 */
import { checkAmount } from '../shared/amount';

export const EMPTY_AMOUNT = '0';

export type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** A digit that would break the amount rule's limits is refused; on the way to an amount, 0.0 is fine. */
export function appendDigit(text: string, digit: Digit): string {
  if (text === EMPTY_AMOUNT) return digit; // the first digit replaces 0
  const check = checkAmount(text + digit);
  return check.ok || check.problem === 'notPositive' ? text + digit : text;
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
