import { Hono } from 'hono';
import type { RecordedOutcome } from '../payment-records';
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
} as const;

interface StatusAnswer {
  status: PaymentStatus;
  msg: string;
  data: { transaction_id: string | null; method: string | null };
}

const answer = (status: PaymentStatus, msg: string, outcome?: Pick<RecordedOutcome, 'transaction_id' | 'method'>) => ({
  status,
  msg,
  data: { transaction_id: outcome?.transaction_id ?? null, method: outcome?.method ?? null },
});

/**
 * What the operator knows of the purchase's payment, from its own records first, then by asking the
 * providers about the attempts it opened (Stripe: GET /v1/payment_intents/{id}; Tranzila: its transaction
 * query; the Bit processor: its status; Hyp: its transaction report), which the sandbox's providers'
 * ledger stands for. `pending` only while a provider still holds the attempt open: never a guess.
 */
export function paymentStatusOf(state: SandboxState, purchase: Purchase): StatusAnswer {
  const { payments, charges, cashier, bit } = state;
  const recorded = payments.approvedFor(purchase.session_id);
  if (recorded) return answer('paid', STATUS_MESSAGES.paid, recorded);
  const charged = charges.paidCharge(purchase.session_id);
  if (charged) {
    // The provider charged but its notification has not come yet: the operator records what it found.
    const transaction = { method: charged.method, transaction_id: charged.id };
    payments.record({
      ...transaction,
      session_id: purchase.session_id,
      status: 'approved',
      amount: charged.amount,
      currency: charged.currency,
      source: 'query',
    });
    return answer('paid', STATUS_MESSAGES.paid, transaction);
  }
  if (bit.pendingFor(purchase.session_id)) return answer('pending', STATUS_MESSAGES.waitingForBit);
  if (cashier.isProcessing(purchase.session_id) || purchase.payment_intent?.status === 'processing')
    return answer('pending', STATUS_MESSAGES.pending);
  const latest = payments.latestFor(purchase.session_id);
  return latest?.status === 'declined'
    ? answer('not_charged', STATUS_MESSAGES.declined, latest)
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
