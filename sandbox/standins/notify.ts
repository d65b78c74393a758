import type { Charge, PaymentIntent, TranzilaHandshake } from '../stores';
import type { CardScan } from './processors';
import { bitSignature, cardScanSignature, stripeSignatureHeader } from './notification-signing';

/**
 * The providers' server-to-server notifications to the merchant's server (the operator's /v4/api/notify/*,
 * sandbox/api/notifications.ts). Each provider sends one when a transaction ends, whether or not the
 * payer's browser ever comes back: that is how the operator records a payment whose browser vanished.
 */
export type NotifyOperator = (notification: Request) => Promise<void>;

/** The operator's server, as the providers have its notification addresses (only the path is routed). */
const OPERATOR = 'https://operator.sandbox.invalid';

const form = (path: string, params: URLSearchParams) =>
  new Request(new URL(path, OPERATOR), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: params.toString(),
  });

const json = (path: string, body: string, headers: Record<string, string>) =>
  new Request(new URL(path, OPERATOR), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });

let eventCount = 0;

/**
 * Stripe's webhook event for a confirmed PaymentIntent: `payment_intent.succeeded` for a sale,
 * `payment_intent.amount_capturable_updated` for a manual-capture intent now authorized ("Occurs when a
 * PaymentIntent has funds to be captured"), or `payment_intent.payment_failed` for a decline, signed in
 * `Stripe-Signature` (docs.stripe.com/api/events/types, docs.stripe.com/webhooks#verify-manually).
 */
export function stripeWebhook(intent: PaymentIntent, charge: Charge): Request {
  eventCount += 1;
  const approved = charge.status === 'approved';
  const held = approved && intent.capture_method === 'manual';
  const body = JSON.stringify({
    id: `evt_sbx_${eventCount}`,
    object: 'event',
    type: held
      ? 'payment_intent.amount_capturable_updated'
      : approved
        ? 'payment_intent.succeeded'
        : 'payment_intent.payment_failed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        currency: intent.currency,
        status: held ? 'requires_capture' : approved ? 'succeeded' : 'requires_payment_method',
        capture_method: intent.capture_method,
        amount_capturable: held ? intent.amount : 0,
        latest_charge: charge.id,
      },
    },
  });
  return json('/v4/api/notify/stripe', body, { 'Stripe-Signature': stripeSignatureHeader(body) });
}

/**
 * Tranzila's notification to the terminal's notify_url: the transaction's fields as a form (Response
 * "000" approved, else the refusal's code; index: the transaction; sum; currency 1 for shekels). Tranzila
 * publishes no signature for it: the operator believes it only for the handshake token (thtk) it was
 * given for that purchase and sum, a secret between Tranzila and the merchant's server.
 */
export function tranzilaNotice(handshake: TranzilaHandshake, charge: Charge, responseCode: string): Request {
  return form(
    '/v4/api/notify/tranzila',
    new URLSearchParams({
      supplier: handshake.supplier,
      thtk: handshake.thtk,
      index: charge.id,
      sum: String(charge.amount),
      currency: charge.currency === 'ILS' ? '1' : charge.currency,
      Response: responseCode,
    }),
  );
}

/**
 * Hyp's server-to-server result: the parameters of the payer's redirect (Id, CCode, Amount, ACode, Order,
 * Fild1..3) with the terminal's Sign, which the operator checks as it checks the redirect (APISign
 * What=VERIFY: developers.hyp.co.il/pay/security/transaction-validation). That Hyp sends the same
 * parameters to the merchant's server is not public; it is the strictest reasonable form.
 */
export const hypNotice = (signedResult: URLSearchParams): Request => form('/v4/api/notify/hyp', signedResult);

/** The Bit processor's notification to notify_url "regardless of success or failure" (see standins/bit.ts). */
export function bitNotice(transactionId: string, charge: Charge): Request {
  const body = JSON.stringify({
    transaction_id: transactionId,
    status: charge.status,
    amount: charge.amount,
    currency: charge.currency,
  });
  return json('/v4/api/notify/bit', body, { 'X-Notification-Signature': bitSignature(body) });
}

/**
 * The card scanner's notification of a scan's end (see standins/card-scan.ts): approved or declined with
 * the transaction, or cancelled with none, for the scan's sum, signed (notification-signing.ts).
 */
export function cardScanNotice(scan: CardScan, charge: Charge | undefined): Request {
  const body = JSON.stringify({
    scan_id: scan.id,
    status: scan.status,
    transaction_id: charge?.id ?? null,
    amount: scan.amount,
    currency: scan.currency,
  });
  return json('/v4/api/notify/card_scan', body, { 'X-Notification-Signature': cardScanSignature(body) });
}
