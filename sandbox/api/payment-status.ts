import { Hono } from 'hono';
import { confirmedCharge, learnOutcome } from '../operator/attempts';
import { deliveredSum } from '../operator/delivery';
import type { PurchaseLife } from '../operator/purchase-lives';
import type { ConfirmedCharge } from '../operator/purchase-life.machine';
import type { Purchase } from '../stores';
import { requestedPurchase, type SandboxEnv, type SandboxState } from './shared';

/** What the operator can truthfully say of a purchase's payment. */
export type PaymentStatus = 'paid' | 'not_charged' | 'pending';

export const STATUS_MESSAGES = {
  paid: 'The purchase is paid.',
  pending: 'The payment is still being processed: its outcome is not known yet.',
  waitingForBit: 'Waiting for the payer to approve the payment in Bit.',
  notCharged: 'No payment was taken for this purchase.',
  declined: 'The payment was declined: no money was taken.',
  voided: 'The payment was cancelled at the provider: the hold on the card was released, no money was taken.',
} as const;

/**
 * How long a refund takes to reach the payer's card once the provider accepted it. No provider the app
 * uses publishes a figure (docs/payments.md); Allpay, an Israeli processor, says "within 7 business days"
 * (allpay.co.il/en/help/refund): the operator quotes that.
 */
export const REFUND_ARRIVES_WITHIN_DAYS = 7;

/** What the machine delivered of a paid purchase, and what went back to the payer (contract: Delivery). */
interface DeliveryAnswer {
  state: 'delivering' | 'delivered' | 'partly_delivered' | 'not_delivered';
  kind: 'vend' | 'start';
  items: { product_id: string; name: string; ordered: number; delivered: number | null }[];
  given_back: {
    way: 'released' | 'refund_pending' | 'refunded';
    amount: number;
    refund_id: string | null;
    arrives_within_days: number | null;
  } | null;
}

interface StatusAnswer {
  status: PaymentStatus;
  msg: string;
  data: {
    transaction_id: string | null;
    method: string | null;
    refunded_transaction_ids: string[];
    decline_message: string | null;
    delivery: DeliveryAnswer | null;
  };
}

const answer = (
  status: PaymentStatus,
  msg: string,
  outcome?: { transactionId: string; method: string; declineMessage?: string | undefined },
  refunded: readonly ConfirmedCharge[] = [],
  delivery: DeliveryAnswer | null = null,
): StatusAnswer => ({
  status,
  msg:
    refunded.length === 0
      ? msg
      : `${msg} A later charge was refunded: ${refunded.map((charge) => charge.transactionId).join(', ')}.`,
  data: {
    transaction_id: outcome?.transactionId ?? null,
    method: outcome?.method ?? null,
    refunded_transaction_ids: refunded.map((charge) => charge.transactionId),
    decline_message: outcome?.declineMessage ?? null,
    delivery,
  },
});

/** What the purchase's machine delivered, as the operator's chart has it, and what the providers gave back. */
function deliveryOf(state: SandboxState, purchase: Purchase, life: PurchaseLife): DeliveryAnswer | null {
  const snapshot = life.getSnapshot();
  const { plan, delivered, payment } = snapshot.context;
  if (!plan || !snapshot.matches('Paid') || snapshot.matches({ Paid: 'NothingToDeliver' })) return null;
  const items = plan.ordered.map(({ productId, count }) => ({
    product_id: productId,
    name: purchase.lines.find((line) => String(line.product.id) === productId)?.product.name ?? productId,
    ordered: count,
    delivered: delivered ? Math.min(count, delivered.find((item) => item.productId === productId)?.count ?? 0) : null,
  }));
  const kind = plan.kind;
  if (snapshot.matches({ Paid: 'Delivering' })) return { state: 'delivering', kind, items, given_back: null };
  if (snapshot.matches({ Paid: 'Delivered' })) return { state: 'delivered', kind, items, given_back: null };
  const charge = state.charges.find(payment?.transactionId ?? '');
  const amount = (charge?.amount ?? 0) - deliveredSum(purchase, delivered ?? []);
  const refund = charge?.refunds.at(-1);
  const given_back: DeliveryAnswer['given_back'] = snapshot.matches({ Paid: { Undelivered: 'Released' } })
    ? { way: 'released', amount, refund_id: null, arrives_within_days: null }
    : {
        way: snapshot.matches({ Paid: { Undelivered: 'Refunded' } }) ? 'refunded' : 'refund_pending',
        amount,
        refund_id: refund?.id ?? null,
        arrives_within_days: REFUND_ARRIVES_WITHIN_DAYS,
      };
  const outcome = items.some((item) => (item.delivered ?? 0) > 0) ? 'partly_delivered' : 'not_delivered';
  return { state: outcome, kind, items, given_back };
}

/**
 * Asks the providers about the purchase (their transaction searches by the merchant's order, and the
 * Bit processor's status of its requests), and tells the purchase's chart what they answer.
 */
export function queryProviders(state: SandboxState, purchase: Purchase): void {
  for (const charge of state.charges.ofOrder(purchase.session_id)) {
    const confirmed = confirmedCharge(state, purchase, charge.method, charge.id);
    if (confirmed) learnOutcome(state, purchase, confirmed, 'query');
  }
  const life = state.lives.of(purchase.session_id);
  // The refund of what was not delivered, as the provider's query answers it now.
  const paying = state.charges.find(life.getSnapshot().context.payment?.transactionId ?? '');
  if (paying?.refunds.some((refund) => refund.status === 'succeeded')) life.send({ type: 'provider.refunded' });
  for (const attempt of life.getSnapshot().context.attempts) {
    if (
      attempt.status === 'open' &&
      attempt.method === 'bit' &&
      state.bit.find(attempt.reference)?.status === 'expired'
    )
      life.send({ type: 'provider.expired', reference: attempt.reference });
  }
}

/**
 * What the operator knows of the purchase's payment: what the providers answer about the attempts it
 * opened (Stripe: GET /v1/payment_intents/{id}; Tranzila: its transaction query; the Bit processor: its
 * status; Hyp: its transaction report; the sandbox's providers' ledger stands for them), as the
 * purchase's chart makes of it. `pending` only while a provider still holds an attempt open: never a guess.
 */
export function paymentStatusOf(state: SandboxState, purchase: Purchase): StatusAnswer {
  const { payments, cashier, bit } = state;
  queryProviders(state, purchase);
  const life = state.lives.of(purchase.session_id);
  const snapshot = life.getSnapshot();
  const { payment, refunded } = snapshot.context;
  if (snapshot.matches('Paid') && payment)
    return answer('paid', STATUS_MESSAGES.paid, payment, refunded, deliveryOf(state, purchase, life));
  if (snapshot.matches('Voided') && payment) return answer('not_charged', STATUS_MESSAGES.voided, payment, refunded);
  if (bit.pendingFor(purchase.session_id)) return answer('pending', STATUS_MESSAGES.waitingForBit);
  if (
    cashier.isProcessing(purchase.session_id) ||
    purchase.payment_intents.some((each) => each.status === 'processing')
  )
    return answer('pending', STATUS_MESSAGES.pending);
  const latest = payments.latestFor(purchase.session_id);
  return latest?.status === 'declined'
    ? answer('not_charged', STATUS_MESSAGES.declined, {
        transactionId: latest.transaction_id,
        method: latest.method,
        // The provider's own words for its decline, as its transaction query answers them.
        declineMessage: state.charges.find(latest.transaction_id)?.decline_message,
      })
    : answer('not_charged', STATUS_MESSAGES.notCharged);
}

/**
 * GET /v4/api/payment/status?machine_id=…, under the purchase's session uuid: the app asks it after any
 * interruption (a reload, a lost frame, a return from Bit in another tab) and says what it answers.
 */
export function paymentStatusRoutes(state: SandboxState) {
  return new Hono<SandboxEnv>().get('/status', (c) => {
    const { purchase } = requestedPurchase(c, state);
    return c.json(paymentStatusOf(state, purchase));
  });
}
