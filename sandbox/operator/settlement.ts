import type { CaptureMethod, ChargeMethod } from '../stores';

/**
 * Whether the operator can hold the payer's funds with the method's provider (authorize now, capture
 * what the machine delivered, release the rest) rather than sell and refund what was not delivered.
 * The operator opens each attempt as this says; the provider stand-ins authorize where it is true.
 * Sources and open questions: docs/payments.md, "Hold where the provider can, refund where it cannot".
 */
export const HOLDS_FUNDS: Readonly<Record<ChargeMethod, boolean>> = {
  // PaymentIntent with capture_method=manual: confirmed to requires_capture; captured with amount_to_capture
  // (at most the amount, the rest released); a cancel releases it (docs.stripe.com/payments/place-a-hold-on-a-payment-method,
  // docs.stripe.com/api/payment_intents/capture, docs.stripe.com/api/payment_intents/cancel).
  stripe: true,
  // A J5: txn_type=verify with verify_mode=5, charged later with txn_type=force; a reversal releases it
  // (docs.tranzila.com/docs/payments-and-billing/tranzila-api/create-a-credit-card-transaction).
  // Unconfirmed: that a J5 can be made through Hosted Fields, and that force may take less than the J5.
  tranzila: true,
  // Hyp's payment page as a J5 (two-phase commit): "authorize a certain amount and later charge the customer
  // for that amount or less" (developers.hyp.co.il/pay/advanced-features/two-phase-commits); cancelDeal voids
  // a J5 (developers.hyp.co.il/api-reference/canceldeal).
  yaad_sarig: true,
  // Inference, no provider says it: a scanned card is paid as an ordinary card payment through the card
  // processor, so it holds as that processor's card payments do.
  card_scan: true,
  // The operator charges the wallet's token through its Israeli processor, which sells: Allpay documents
  // that "Express payment methods (Apple Pay, Google Pay, Bit) are not supported for J5"
  // (www.allpay.co.il/en/help/j5-transaction). Charged, then refunded on a failed vend.
  google_pay: false,
  apple_pay: false,
  // Tranzila's Bit API offers only txn_type debit, and refunds by amount
  // (docs.tranzila.com/docs/payments-and-billing/bit-api/bit-init, …/bit-api/bit-refund).
  bit: false,
};

/** How the operator asks the method's provider to take the money: a hold (manual capture) or a sale. */
export const captureMethodFor = (method: ChargeMethod): CaptureMethod => (HOLDS_FUNDS[method] ? 'manual' : 'automatic');
