import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { hasHypSignature } from '../standins/hyp-terminal';
import { hasBitSignature, hasCardScanSignature, hasStripeSignature } from '../standins/notification-signing';
import { attemptOf, confirmedCharge, learnOutcome } from '../operator/attempts';
import type { Charge, Purchase } from '../stores';
import { fail, isAmountOf, isTotalOf, parseOrFail, type SandboxEnv, type SandboxState } from './shared';

const stripeEventSchema = v.object({
  id: v.string(),
  type: v.string(),
  data: v.object({
    object: v.object({
      id: v.string(),
      object: v.literal('payment_intent'),
      amount: v.number(),
      currency: v.string(),
      latest_charge: v.nullish(v.string()),
    }),
  }),
});

/** The Stripe events the operator acts on (docs.stripe.com/api/events/types); others are acknowledged. */
const STRIPE_EVENTS = [
  'payment_intent.succeeded',
  // Manual capture: the funds are authorised and held for the merchant, so the purchase is paid.
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  // A hold voided (or an unpaid intent cancelled): nothing is kept of it.
  'payment_intent.canceled',
] as const;

const isHandledStripeEvent = (type: string): type is (typeof STRIPE_EVENTS)[number] =>
  (STRIPE_EVENTS as readonly string[]).includes(type);

const tranzilaSchema = v.object({
  supplier: v.string(),
  thtk: v.string(),
  index: v.pipe(v.string(), v.nonEmpty()),
  sum: v.string(),
  Response: v.string(),
});

const hypSchema = v.object({
  Id: v.pipe(v.string(), v.nonEmpty()),
  CCode: v.string(),
  Amount: v.string(),
  Order: v.string(),
});

const bitSchema = v.object({
  transaction_id: v.string(),
  status: v.picklist(['approved', 'declined']),
  amount: v.number(),
  currency: v.string(),
});

const cardScanSchema = v.object({
  scan_id: v.string(),
  status: v.picklist(['approved', 'declined', 'cancelled']),
  transaction_id: v.nullable(v.string()),
  amount: v.number(),
  currency: v.string(),
});

/** A raw JSON body, once its signature is checked; 400 when it is not JSON. */
function parsedJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return fail(400, 'the body is not JSON');
  }
}

/** What a provider's server is answered once the notification is recorded: any 2xx stops its retries. */
const RECEIVED = { received: true };

async function formOf(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * POST /v4/api/notify/{stripe,tranzila,hyp,bit,card_scan}: the providers' server-to-server notifications, which the
 * operator must accept whether or not the payer's browser ever returns. A notification is a hint: it
 * is believed only once the provider confirms it (a verified signature, and the provider's own answer
 * for the transaction: sandbox/operator/attempts.ts confirmedCharge), for an attempt this purchase
 * opened (an earlier, superseded one too) and its sum. It is recorded once, however often the provider
 * resends it (sandbox/payment-records.ts), and the purchase's chart decides what it means.
 */
export function notificationRoutes(state: SandboxState) {
  const { purchases } = state;
  /** The purchase that opened an attempt with this provider reference; unknown to the operator otherwise. */
  const purchaseWithAttempt = (reference: string) => purchases.get(state.lives.withAttempt(reference) ?? '');
  /** Learns a transaction the provider confirmed; a notice the provider's own records contradict is refused. */
  const learn = (purchase: Purchase, method: Charge['method'], transactionId: string, approved: boolean) => {
    const charge = confirmedCharge(state, purchase, method, transactionId);
    if (!charge || (charge.status === 'approved') !== approved)
      fail(400, `${method} reports no such transaction for this purchase: the notification is not believed`);
    learnOutcome(state, purchase, charge, 'notification');
  };

  return new Hono<SandboxEnv>()
    .post('/stripe', async (c) => {
      // The signature covers the raw body, byte for byte: it is checked before the body is parsed.
      const raw = await c.req.text();
      if (!hasStripeSignature(c.req.header('stripe-signature'), raw))
        fail(400, 'Stripe-Signature does not sign this body');
      const event = parseOrFail(stripeEventSchema, parsedJson(raw));
      // Other events are acknowledged and ignored, as Stripe advises for types an endpoint does not handle.
      if (!isHandledStripeEvent(event.type)) return c.json(RECEIVED);
      const intent = event.data.object;
      const purchase = purchaseWithAttempt(intent.id);
      // An intent the operator never made (another integration on the account): acknowledged, so Stripe
      // stops retrying it for days, and nothing recorded.
      if (!purchase) return c.json(RECEIVED);
      const made = purchase.payment_intents.find((each) => each.id === intent.id);
      if (intent.amount !== made?.amount || intent.currency !== made.currency)
        fail(400, 'the payment intent’s amount is not the purchase’s');
      if (event.type === 'payment_intent.canceled') {
        made.status = 'canceled';
        const paying = state.lives.of(purchase.session_id).getSnapshot().context.payment;
        if (paying?.reference === intent.id)
          state.lives.of(purchase.session_id).send({ type: 'provider.voided', transactionId: paying.transactionId });
        return c.json(RECEIVED);
      }
      // A verified signature is Stripe's word: the charge it names is the transaction to record.
      learn(purchase, 'stripe', intent.latest_charge ?? '', event.type !== 'payment_intent.payment_failed');
      return c.json(RECEIVED);
    })
    .post('/tranzila', async (c) => {
      // Tranzila signs nothing: the notice is a hint, believed once Tranzila's own transaction query
      // (with the terminal's key) answers the same transaction, on one of this purchase's handshakes,
      // for its terminal, its sum and its currency.
      const notice = parseOrFail(tranzilaSchema, await formOf(c));
      const purchase = purchaseWithAttempt(notice.thtk) ?? fail(404, 'unknown handshake');
      const handshake = purchase.tranzila_handshakes.find((made) => made.thtk === notice.thtk);
      if (handshake?.supplier !== notice.supplier) fail(400, 'supplier is not the handshake’s');
      if (!isAmountOf(handshake.sum, notice.sum)) fail(400, 'sum is not the handshake’s');
      learn(purchase, 'tranzila', notice.index, notice.Response === '000');
      return c.json(RECEIVED);
    })
    .post('/hyp', async (c) => {
      const fields = await formOf(c);
      // The Sign covers the parameters in Hyp's order: the form's, as sent.
      if (!hasHypSignature(new URLSearchParams(fields), 'Sign')) fail(400, 'the result is not signed by the terminal');
      const notice = parseOrFail(hypSchema, fields);
      const purchase = purchases.get(notice.Order) ?? fail(404, 'unknown Order');
      if (!isTotalOf(purchase, notice.Amount)) fail(400, 'Amount is not the purchase total');
      learn(purchase, 'yaad_sarig', notice.Id, notice.CCode === '0');
      return c.json(RECEIVED);
    })
    .post('/bit', async (c) => {
      const raw = await c.req.text();
      if (!hasBitSignature(c.req.header('x-notification-signature'), raw)) fail(400, 'the notification is not signed');
      const notice = parseOrFail(bitSchema, parsedJson(raw));
      const purchase = purchaseWithAttempt(notice.transaction_id) ?? fail(404, 'unknown Bit transaction');
      if (!isTotalOf(purchase, notice.amount) || notice.currency !== purchase.currency)
        fail(400, 'amount is not the purchase total');
      // The processor's status of the request is asked before anything is recorded.
      const transaction = state.bit.find(notice.transaction_id);
      if (transaction?.status !== notice.status) fail(400, 'the Bit processor reports another status');
      const charge = state.charges.ofOrder(purchase.session_id).find((each) => each.reference === transaction.id);
      learn(purchase, 'bit', charge?.id ?? '', notice.status === 'approved');
      return c.json(RECEIVED);
    })
    .post('/card_scan', async (c) => {
      const raw = await c.req.text();
      if (!hasCardScanSignature(c.req.header('x-notification-signature'), raw))
        fail(400, 'the notification is not signed');
      const notice = parseOrFail(cardScanSchema, parsedJson(raw));
      const purchase = purchaseWithAttempt(notice.scan_id) ?? fail(404, 'unknown scan');
      const attempt = attemptOf(state, purchase, notice.scan_id);
      if (!attempt || !isAmountOf(attempt.sum, notice.amount) || notice.currency !== purchase.currency)
        fail(400, 'amount is not the scan’s');
      // The scanner's record of the scan is asked before anything is recorded.
      if (state.cardScanner.find(notice.scan_id)?.status !== notice.status)
        fail(400, 'the scanner reports another status');
      if (notice.status === 'cancelled') {
        // The payer closed the scan: nothing was charged on it, and the purchase may be paid another way.
        state.lives.of(purchase.session_id).send({ type: 'provider.expired', reference: notice.scan_id });
        return c.json(RECEIVED);
      }
      // The scanner's transaction on this very scan: one on another scan of the purchase is not this notice's.
      const charge = state.charges
        .ofOrder(purchase.session_id)
        .find((each) => each.reference === notice.scan_id && each.id === notice.transaction_id);
      learn(purchase, 'card_scan', charge?.id ?? '', notice.status === 'approved');
      return c.json(RECEIVED);
    });
}
