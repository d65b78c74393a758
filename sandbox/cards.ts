/**
 * The sandbox's card rules: every card path (hosted fields, hosted page, Stripe, card scan) asks
 * checkCard() what a card does, so one test card behaves the same through every provider.
 */

/** Numbers worth knowing; any other Luhn-valid number is approved. */
export const TEST_CARDS = {
  approved: '4580458045804580',
  declined: '4000000000000002',
  cvvError: '4000000000000127',
  /** Its issuer asks for 3-D Secure: the hosted payment page challenges it before charging (the other paths approve it). */
  threeDSecure: '4000000000003220',
  /** Stripe's PaymentIntent stays `processing` with it (never settled in the sandbox); the other paths approve it. */
  stripeProcessing: '4000000000009904',
} as const;

/** A card number's digits, as typed with spaces or dashes or without. */
const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

/** Whether a typed number is one of the test cards. */
export const isTestCard = (number: string, card: keyof typeof TEST_CARDS) => digitsOf(number) === TEST_CARDS[card];

/** Whether the hosted payment page shows the 3-D Secure challenge before charging this card. */
export const requiresChallenge = (number: string) => isTestCard(number, 'threeDSecure');

export type CardField = 'number' | 'expiry' | 'cvv';

export interface CardInput {
  number: string;
  /** MM/YY */
  expiry: string;
  /** Absent when the card was read by the camera, which cannot see it. */
  cvv?: string | undefined;
}

export interface CardSummary {
  last4: string;
  brand: string;
}

/** A field the processor rejects before it charges anything; code as Stripe names it. */
export interface CardError {
  field: CardField;
  code: string;
  message: string;
}

export type CardCheck = ({ outcome: 'approve' | 'decline' } & CardSummary) | { outcome: 'invalid'; error: CardError };

export const DECLINED_MESSAGE = 'Your card was declined.';

const invalid = (field: CardField, code: string, message: string): CardCheck => ({
  outcome: 'invalid',
  error: { field, code, message },
});

/** The check digit rule every card number follows. */
export function isLuhnValid(digits: string): boolean {
  const sum = Array.from(digits, Number)
    .reverse()
    .reduce((total, digit, index) => {
      const weighted = index % 2 === 1 ? digit * 2 : digit;
      return total + (weighted > 9 ? weighted - 9 : weighted);
    }, 0);
  return sum % 10 === 0;
}

/** "MM/YY" (spaces allowed around the slash) as a month count, or undefined when it is not a date. */
function expiryMonth(expiry: string): number | undefined {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) return undefined;
  return (2000 + Number(match[2])) * 12 + month - 1;
}

function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/** What the processor would do with this card: field errors first, then the test numbers. */
export function checkCard(card: CardInput, now: Date = new Date()): CardCheck {
  const digits = digitsOf(card.number);
  if (!/^\d{12,19}$/.test(digits) || !isLuhnValid(digits))
    return invalid('number', 'invalid_number', 'Your card number is invalid.');

  const expires = expiryMonth(card.expiry);
  if (expires === undefined) return invalid('expiry', 'invalid_expiry', "Your card's expiry date is invalid.");
  if (expires < now.getFullYear() * 12 + now.getMonth())
    return invalid('expiry', 'expired_card', 'Your card has expired.');

  if (card.cvv !== undefined && !/^\d{3,4}$/.test(card.cvv.trim()))
    return invalid('cvv', 'invalid_cvc', "Your card's security code is invalid.");
  if (digits === TEST_CARDS.cvvError) return invalid('cvv', 'incorrect_cvc', "Your card's security code is incorrect.");

  const summary = { last4: digits.slice(-4), brand: cardBrand(digits) };
  return { outcome: digits === TEST_CARDS.declined ? 'decline' : 'approve', ...summary };
}
