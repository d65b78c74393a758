import { HTTPException } from 'hono/http-exception';
import type { OutcomeSource } from '../payment-records';
import type { Charge, Purchase } from '../stores';
import type { SandboxState } from '../api/shared';
import type { Attempt } from './purchase-life.machine';

export const ALREADY_PAID = 'This purchase is already paid.';
export const IN_PROGRESS = 'A payment for this purchase is already being processed.';
export const PURCHASE_VOIDED = 'This purchase’s payment was cancelled: book the purchase again.';

/** What the operator's chart made of a confirmed transaction. */
export type LearnedOutcome =
  /** The transaction pays the purchase. */
  | 'paid'
  /** The purchase was already paid by another transaction: this one is refunded. */
  | 'refunded'
  | 'declined';

/**
 * Opens an attempt with a provider on the purchase's chart, superseding the one open before: asks the
 * chart first, and only then the provider (`openAtProvider` answers the provider's reference for it,
 * or none when the provider refused).
 * 409 with the purchase's payment status when the chart refuses (paid, voided, or the operator's own
 * wallet charge under way): nothing is opened with a provider then.
 */
export function openAttempt<T>(
  state: SandboxState,
  purchase: Purchase,
  { method, sum }: Pick<Attempt, 'method' | 'sum'>,
  openAtProvider: () => { reference: string | undefined; opened: T },
): T {
  const life = state.lives.of(purchase.session_id);
  const probe = { type: 'attempt.open', attempt: { method, sum, reference: '', openedAt: 0 } } as const;
  const snapshot = life.getSnapshot();
  if (!snapshot.can(probe)) {
    const [message, payment_status] = snapshot.matches('Paid')
      ? [ALREADY_PAID, 'paid']
      : snapshot.matches('Voided')
        ? [PURCHASE_VOIDED, 'not_charged']
        : [IN_PROGRESS, 'pending'];
    throw new HTTPException(409, { res: Response.json({ message, payment_status }, { status: 409 }) });
  }
  const { reference, opened } = openAtProvider();
  // No reference: the provider refused to open one (a Bit request below its minimum); nothing is open.
  if (reference !== undefined)
    life.send({ type: 'attempt.open', attempt: { method, sum, reference, openedAt: Date.now() } });
  return opened;
}

/** The purchase's attempt with this provider reference, if its chart opened one. */
export function attemptOf(state: SandboxState, purchase: Purchase, reference: string): Attempt | undefined {
  return state.lives
    .of(purchase.session_id)
    .getSnapshot()
    .context.attempts.find((attempt) => attempt.reference === reference);
}

/**
 * Records a transaction the provider confirmed (the operator queried it, or checked its signature) and
 * tells the purchase's chart: the first approval pays the purchase; a later one is refunded. A
 * transaction is learnt once however many notifications, calls and queries bring it.
 */
export function learnOutcome(state: SandboxState, purchase: Purchase, charge: Charge, source: OutcomeSource) {
  const { session_id } = purchase;
  const isNew = state.payments.record({
    session_id,
    method: charge.method,
    transaction_id: charge.id,
    status: charge.status,
    amount: charge.amount,
    currency: charge.currency,
    source,
  });
  const life = state.lives.of(session_id);
  if (isNew) {
    life.send(
      charge.status === 'approved'
        ? {
            type: 'provider.approved',
            charge: {
              method: charge.method,
              reference: charge.reference,
              transactionId: charge.id,
              hold: charge.capture_method === 'manual',
            },
          }
        : { type: 'provider.declined', reference: charge.reference },
    );
  }
  return outcomeOf(state, purchase, charge);
}

/** What the purchase's chart made of a transaction it was told of. */
export function outcomeOf(state: SandboxState, purchase: Purchase, charge: Charge): LearnedOutcome {
  if (charge.status === 'declined') return 'declined';
  const { payment } = state.lives.of(purchase.session_id).getSnapshot().context;
  return payment?.transactionId === charge.id ? 'paid' : 'refunded';
}

/**
 * A transaction as the provider's query answers it, if it is one the provider made on an attempt of
 * this purchase with this method, for the attempt's sum and the purchase's currency.
 */
export function confirmedCharge(
  state: SandboxState,
  purchase: Purchase,
  method: Charge['method'],
  transactionId: string,
): Charge | undefined {
  const charge = state.charges.find(transactionId);
  if (!charge || charge.method !== method || charge.session_id !== purchase.session_id) return undefined;
  const attempt = attemptOf(state, purchase, charge.reference);
  if (attempt?.method !== method) return undefined;
  return charge.amount === attempt.sum && charge.currency === purchase.currency ? charge : undefined;
}

/** The pay response (requirements.md §3) of a confirmed transaction. */
export function payResponseOf(outcome: LearnedOutcome, charge: Pick<Charge, 'id' | 'released_at'>) {
  const data = { transaction_id: charge.id };
  switch (outcome) {
    case 'paid':
      return { status: 0, msg: 'Payment approved.', data };
    case 'declined':
      return { status: 1, msg: 'Card declined (sandbox).', data };
    case 'refunded':
      // What the operator did to it (refundAtProvider, in the same step that learned the outcome): a hold it
      // released took nothing; anything else was refunded.
      return {
        status: REFUNDED_STATUS,
        msg: charge.released_at === undefined ? DUPLICATE_REFUNDED : DUPLICATE_RELEASED,
        data,
      };
  }
}

/** Pay-response status of a charge that came after the purchase was paid, given back at once. */
export const REFUNDED_STATUS = 4;
export const DUPLICATE_REFUNDED = 'This purchase was already paid: this second charge is being refunded.';
export const DUPLICATE_RELEASED = 'This purchase was already paid: the hold for this second payment is released.';
