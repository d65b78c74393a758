import { plausiblePhone } from '../shared/phone';

export type Contact = { kind: 'phone' | 'email'; value: string };
export type ContactError = 'empty' | 'invalid';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Besides spaces and dashes, people write a mobile number with dots and brackets: (050) 123.4567. */
const CONTACT_PHONE_SEPARATORS = /[\s\-.()]/g;

/** requirements.md §2: the promotion sign-up takes a mobile number or an e-mail address. */
export function parseContact(input: string): Contact | ContactError {
  const text = input.trim();
  if (text === '') return 'empty';
  if (text.includes('@')) return EMAIL.test(text) ? { kind: 'email', value: text.toLowerCase() } : 'invalid';
  const phone = plausiblePhone(text, CONTACT_PHONE_SEPARATORS);
  return phone === undefined ? 'invalid' : { kind: 'phone', value: phone };
}

export const isContact = (parsed: Contact | ContactError): parsed is Contact => typeof parsed === 'object';

/** What the join call sends (contract `PromotionContact`): `{ phone }` or `{ email }`, as parseContact keeps it. */
export type ContactBody = { phone: string } | { email: string };

export const contactBody = ({ kind, value }: Contact): ContactBody =>
  kind === 'phone' ? { phone: value } : { email: value };

/** The contact a join call's field names, by the sign-up's own rules: an e-mail in `phone` is not a phone. */
export function parseContactAs(kind: Contact['kind'], input: string): Contact | ContactError {
  const parsed = parseContact(input);
  return isContact(parsed) && parsed.kind !== kind ? 'invalid' : parsed;
}

/** The sign-up's call: the visitor's contact, for the machine whose menu offers the promotion. */
export interface JoinPromotionInput {
  machineId: string;
  contact: Contact;
}
