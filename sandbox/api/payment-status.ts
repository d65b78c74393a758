import { Hono } from 'hono';
import { confirmedCharge, learnOutcome } from '../operator/attempts';
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

interface StatusAnswer {
  status: PaymentStatus;
  msg: string;
  data: {
    transaction_id: string | null;
    method: string | null;
    refunded_transaction_ids: string[];
    decline_message: string | null;
  };
}

const answer = (
  status: PaymentStatus,
  msg: string,
  outcome?: { transactionId: string; method: string; declineMessage?: string | undefined },
  refunded: readonly ConfirmedCharge[] = [],
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
  },
});

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
  const snapshot = state.lives.of(purchase.session_id).getSnapshot();
  const { payment, refunded } = snapshot.context;
  if (snapshot.matches('Paid') && payment) return answer('paid', STATUS_MESSAGES.paid, payment, refunded);
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
