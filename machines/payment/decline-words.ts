/**
 * What a visitor is told of a refused payment. The providers answer in codes ("insufficient_funds", Shva's
 * "036"), the operator in its own words, in English; the failure page shows the visitor's words for the code
 * in the page's language (design.md §5.4: failures in plain words), and the code itself only as a small
 * reference to read out to support.
 */
export type DeclineWords =
  | 'declined'
  | 'insufficientFunds'
  | 'expiredCard'
  | 'incorrectCvc'
  | 'incorrectNumber'
  | 'callIssuer'
  | 'tryAgain'
  | 'unknown';

/**
 * Stripe's error and decline codes (docs.stripe.com/declines/codes, /error-codes). A lost, stolen or
 * "fraudulent" card is told as a plain decline, as Stripe asks: the visitor may be the one who took it.
 */
const STRIPE_CODES: Readonly<Record<string, DeclineWords>> = {
  card_declined: 'declined',
  generic_decline: 'declined',
  do_not_honor: 'declined',
  lost_card: 'declined',
  stolen_card: 'declined',
  pickup_card: 'declined',
  fraudulent: 'declined',
  insufficient_funds: 'insufficientFunds',
  expired_card: 'expiredCard',
  incorrect_cvc: 'incorrectCvc',
  invalid_cvc: 'incorrectCvc',
  incorrect_number: 'incorrectNumber',
  invalid_number: 'incorrectNumber',
  call_issuer: 'callIssuer',
  processing_error: 'tryAgain',
  try_again_later: 'tryAgain',
};

/**
 * Shva's answer codes, which Tranzila's `error_code` and Hyp's `CCode` both pass on (Israel's card clearing
 * behind both; "004" and 4 are one code). Blocked (1), stolen (2), refused (4) and forged (5) read as a plain
 * decline; 3 asks the cardholder to call the card company; 6 is a wrong ID number or CVV. No provider page with
 * this table was found among the stored docs: check it against Tranzila's response codes before production (an
 * unlisted code reads as `unknown`, never as a wrong reason).
 */
const SHVA_CODES: Readonly<Record<number, DeclineWords>> = {
  1: 'declined',
  2: 'declined',
  3: 'callIssuer',
  4: 'declined',
  5: 'declined',
  6: 'incorrectCvc',
  33: 'incorrectNumber',
  36: 'expiredCard',
  39: 'incorrectNumber',
};

/** A code as a provider sends it: digits, or a snake_case word; never a sentence. */
const CODE = /^(\d+|[a-z]+(_[a-z]+)*)$/;

const wordsOfCode = (code: string): DeclineWords | undefined =>
  /^\d+$/.test(code) ? SHVA_CODES[Number(code)] : STRIPE_CODES[code];

/**
 * The visitor's words for a refused payment and the code to quote to support. The provider's message is read
 * first (a Stripe decline code is more precise than the status beside it), then the code; a sentence is never
 * shown (it is the operator's or provider's English), and what is not known reads as `unknown`.
 */
export function declineWordsOf({
  message,
  code,
}: {
  message?: string | undefined;
  code?: string | number | undefined;
}): {
  words: DeclineWords;
  reference: string | undefined;
} {
  const codes = [message?.trim(), code === undefined ? undefined : String(code).trim()].filter(
    (candidate): candidate is string => candidate !== undefined && CODE.test(candidate.toLowerCase()),
  );
  for (const candidate of codes) {
    const words = wordsOfCode(candidate.toLowerCase());
    if (words) return { words, reference: candidate };
  }
  return { words: 'unknown', reference: codes[0] };
}
