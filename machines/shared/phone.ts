/**
 * Phone numbers as visitors type them: the wheelshare station keys a rental by one, a payment link may
 * carry one, and the vacuum's promotion sign-up takes one.
 */

/** Spaces and dashes: how people group a number's digits. */
export const PHONE_SEPARATORS = /[\s-]/g;

/** Digits with an optional leading +, 9 to 15 of them (E.164's longest). */
const PHONE = /^\+?\d{9,15}$/;

/** The number as it is sent and keyed by: the separators (a global pattern, spaces among them) dropped. */
export function normalisePhone(phone: string, separators: RegExp = PHONE_SEPARATORS): string {
  return phone.replace(separators, '');
}

/** The normalised number, or undefined when it is not a plausible phone number. */
export function plausiblePhone(phone: string, separators: RegExp = PHONE_SEPARATORS): string | undefined {
  const number = normalisePhone(phone, separators);
  return PHONE.test(number) ? number : undefined;
}

/**
 * blank: nothing typed yet (the station's submit stays disabled, requirements.md §5); invalid: not a plausible number.
 */
export type PhoneCheck = 'blank' | 'invalid' | 'valid';

export function checkPhone(phone: string): PhoneCheck {
  if (phone.trim() === '') return 'blank';
  return plausiblePhone(phone) === undefined ? 'invalid' : 'valid';
}
