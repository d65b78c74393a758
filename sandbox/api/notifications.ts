import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { hasHypSignature } from '../standins/hyp-terminal';
import { hasBitSignature, hasStripeSignature } from '../standins/notification-signing';
import type { ChargeMethod, Purchase } from '../stores';
import { fail, isAmountOf, isTotalOf, parseOrFail, purchaseWhere, type SandboxEnv, type SandboxState } from './shared';

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

/** The Stripe events that end a PaymentIntent, and what they record (docs.stripe.com/api/events/types). */
const STRIPE_OUTCOMES: Record<string, 'approved' | 'declined'> = {
  'payment_intent.succeeded': 'approved',
  // Manual capture: the funds are authorised and held for the merchant, so the purchase is paid.
  'payment_intent.amount_capturable_updated': 'approved',
  'payment_intent.payment_failed': 'declined',
};

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
 * POST /v4/api/notify/{stripe,tranzila,hyp,bit}: the providers' server-to-server notifications, which the
 * operator must accept whether or not the payer's browser ever returns. Each is believed only when it
 * proves it comes from the provider (a signature, or a secret only the provider and the operator hold)
 * and is for the purchase and the total the operator recorded; it is recorded once, however often the
 * provider resends it (sandbox/payment-records.ts).
 */
export function notificationRoutes(state: SandboxState) {
  const { purchases, payments } = state;
  const record = (purchase: Purchase, method: ChargeMethod, transactionId: string, approved: boolean) => {
    payments.record({
      session_id: purchase.session_id,
      method,
      transaction_id: transactionId,
      status: approved ? 'approved' : 'declined',
      amount: purchase.totals.total,
      currency: purchase.currency,
      source: 'notification',
    });
  };

  return new Hono<SandboxEnv>()
    .post('/stripe', async (c) => {
      // The signature covers the raw body, byte for byte: it is checked before the body is parsed.
      const raw = await c.req.text();
      if (!hasStripeSignature(c.req.header('stripe-signature'), raw))
        fail(400, 'Stripe-Signature does not sign this body');
      const event = parseOrFail(stripeEventSchema, parsedJson(raw));
      const outcome = STRIPE_OUTCOMES[event.type];
      // Other events are acknowledged and ignored, as Stripe advises for types an endpoint does not handle.
      if (!outcome) return c.json(RECEIVED);
      const intent = event.data.object;
      const purchase = purchaseWhere(purchases, 'payment intent', (each) => each.payment_intent?.id === intent.id);
      if (intent.amount !== purchase.payment_intent?.amount || intent.currency !== purchase.payment_intent.currency)
        fail(400, 'the payment intent’s amount is not the purchase’s');
      record(purchase, 'stripe', intent.latest_charge ?? intent.id, outcome === 'approved');
      return c.json(RECEIVED);
    })
    .post('/tranzila', async (c) => {
      const notice = parseOrFail(tranzilaSchema, await formOf(c));
      const purchase = purchaseWhere(
        purchases,
        'handshake',
        (each) => each.tranzila_handshake?.thtk === notice.thtk && each.tranzila_handshake.supplier === notice.supplier,
      );
      if (!isAmountOf(purchase.tranzila_handshake?.sum ?? NaN, notice.sum)) fail(400, 'sum is not the handshake’s');
      record(purchase, 'tranzila', notice.index, notice.Response === '000');
      return c.json(RECEIVED);
    })
    .post('/hyp', async (c) => {
      const fields = await formOf(c);
      // The Sign covers the parameters in Hyp's order: the form's, as sent.
      if (!hasHypSignature(new URLSearchParams(fields), 'Sign')) fail(400, 'the result is not signed by the terminal');
      const notice = parseOrFail(hypSchema, fields);
      const purchase = purchases.get(notice.Order) ?? fail(404, 'unknown Order');
      if (!isTotalOf(purchase, notice.Amount)) fail(400, 'Amount is not the purchase total');
      record(purchase, 'yaad_sarig', notice.Id, notice.CCode === '0');
      return c.json(RECEIVED);
    })
    .post('/bit', async (c) => {
      const raw = await c.req.text();
      if (!hasBitSignature(c.req.header('x-notification-signature'), raw)) fail(400, 'the notification is not signed');
      const notice = parseOrFail(bitSchema, parsedJson(raw));
      const transaction = state.bit.find(notice.transaction_id) ?? fail(404, 'unknown Bit transaction');
      const purchase = purchases.get(transaction.sessionId) ?? fail(404, 'unknown Bit transaction');
      if (!isTotalOf(purchase, notice.amount) || notice.currency !== purchase.currency)
        fail(400, 'amount is not the purchase total');
      record(purchase, 'bit', transaction.id, notice.status === 'approved');
      return c.json(RECEIVED);
    });
}
