import { assign, not, setup } from 'xstate';
import type { ChargeMethod } from '../stores';

/**
 * One attempt to pay a purchase: what the operator opened with a provider (a Tranzila handshake, a Hyp
 * page, a Stripe PaymentIntent, a Bit request, a wallet charge, a card scan), named by the provider's own
 * reference for it.
 */
export interface Attempt {
  method: ChargeMethod;
  /** The provider's reference: the handshake's thtk, the Hyp page's token, the intent's id, Bit's transaction. */
  reference: string;
  /** The sum the provider was asked for, in major units. */
  sum: number;
  /** When the operator opened it (epoch milliseconds): the reconciliation sweep closes it after its provider's window. */
  openedAt: number;
  /** open: the provider may still charge it; superseded: a newer attempt replaced it (cancelled where the provider can). */
  status: 'open' | 'superseded' | 'approved' | 'declined' | 'expired';
}

/** A transaction the provider confirmed, as the operator recorded it. */
export interface ConfirmedCharge {
  method: ChargeMethod;
  /** The attempt it was made on. */
  reference: string;
  transactionId: string;
}

export interface PurchaseLifeContext {
  attempts: Attempt[];
  /** The one charge that pays the purchase: the first approval the providers confirmed. */
  payment: ConfirmedCharge | undefined;
  /** Approvals that came after the purchase was paid (another attempt charged anyway): each is refunded. */
  refunded: ConfirmedCharge[];
}

export type PurchaseLifeEvent =
  /** An attempt-opening call (handshake, page, intent, Bit request, wallet pay, card scan): refused once paid. */
  | { type: 'attempt.open'; attempt: Omit<Attempt, 'status'> }
  /** The provider confirmed an approval (a verified notification, the operator's own call, a query). */
  | { type: 'provider.approved'; charge: ConfirmedCharge }
  /** The provider confirmed a decline of the attempt. */
  | { type: 'provider.declined'; reference: string }
  /**
   * The attempt ended at its provider with no charge: its window ran out (a Bit request timed out, a page
   * expired) or the payer closed it there (a cancelled card scan).
   */
  | { type: 'provider.expired'; reference: string }
  /** The provider voided the paying charge (a Stripe hold cancelled): no money is kept. */
  | { type: 'provider.voided'; transactionId: string };

/** The methods the operator's own call charges (a wallet token), so their attempt is open only during that call. */
const OPERATOR_CHARGED: readonly ChargeMethod[] = ['google_pay', 'apple_pay'];

/** Cancelling the attempts still open at their providers, then marking them superseded. */
const SUPERSEDE_OPEN_ATTEMPTS = [
  {
    type: 'cancelAtProvider',
    params: ({ context }: { context: PurchaseLifeContext }) =>
      context.attempts.filter((attempt) => attempt.status === 'open'),
  },
  'markOpenSuperseded',
] as const;

/**
 * `Failed` and `Expired` alike: the visitor may open another attempt, and a late approval of an earlier
 * one still pays; later answers for attempts no longer open only mark them.
 */
const AFTER_AN_ATTEMPT = {
  on: {
    'attempt.open': { target: 'Attempting', actions: 'openAttempt' },
    'provider.approved': { target: 'Paid', actions: 'keepPayment' },
    'provider.declined': { actions: 'markDeclined' },
    'provider.expired': { actions: 'markExpired' },
  },
} as const;

const withStatus = (attempts: Attempt[], reference: string, status: Attempt['status']) =>
  attempts.map((attempt) => (attempt.reference === reference ? { ...attempt, status } : attempt));

/**
 * The life of one purchase on the operator's side (docs/payments.md "One life per purchase"): every
 * operator route asks this chart instead of flags of its own.
 *
 * - `Booked`: set_purchase priced it; nothing was opened with a provider.
 * - `Attempting`: one attempt is open. Opening another supersedes it (the provider cancels it where it
 *   can: a Stripe intent, a Bit request); at most one attempt is open at a time.
 * - `Failed` / `Expired`: the open attempt was declined or ran out; the visitor may open another.
 * - `Paid`: the first confirmed approval, whichever attempt made it (a late one for a superseded attempt
 *   counts). No attempt opens any more; a later approval is recorded and refunded.
 * - `Voided`: the provider voided the paying charge (a Stripe hold cancelled); nothing is kept.
 *
 * The side effects at the providers (cancel, refund) are named actions the operator provides.
 */
export const purchaseLifeMachine = setup({
  types: {
    context: {} as PurchaseLifeContext,
    events: {} as PurchaseLifeEvent,
  },
  actions: {
    /** Cancels the attempts at their providers, where a provider can (Stripe: cancel the intent; Bit: the request). */
    cancelAtProvider: (_, _attempts: Attempt[]) => {},
    /** Refunds a charge at its provider (a second approval after the purchase was paid). */
    refundAtProvider: (_, _charge: ConfirmedCharge) => {},
    /** Every attempt still open is superseded: a newer one replaced it, or the purchase is paid. */
    markOpenSuperseded: assign({
      attempts: ({ context }) =>
        context.attempts.map((attempt) =>
          attempt.status === 'open' ? { ...attempt, status: 'superseded' as const } : attempt,
        ),
    }),
    openAttempt: assign({
      attempts: ({ context, event }) =>
        event.type === 'attempt.open'
          ? [...context.attempts, { ...event.attempt, status: 'open' as const }]
          : context.attempts,
    }),
    keepPayment: assign(({ context, event }) =>
      event.type === 'provider.approved'
        ? {
            payment: event.charge,
            attempts: withStatus(context.attempts, event.charge.reference, 'approved'),
          }
        : {},
    ),
    keepRefunded: assign({
      refunded: ({ context, event }) =>
        event.type === 'provider.approved' ? [...context.refunded, event.charge] : context.refunded,
    }),
    markDeclined: assign({
      attempts: ({ context, event }) =>
        event.type === 'provider.declined'
          ? withStatus(context.attempts, event.reference, 'declined')
          : context.attempts,
    }),
    markExpired: assign({
      attempts: ({ context, event }) =>
        event.type === 'provider.expired' ? withStatus(context.attempts, event.reference, 'expired') : context.attempts,
    }),
  },
  guards: {
    /** The event is about the attempt open now (not one a newer attempt superseded). */
    isOpenAttempt: ({ context }, reference: string) =>
      context.attempts.some((attempt) => attempt.reference === reference && attempt.status === 'open'),
    isPayment: ({ context }, transactionId: string) => context.payment?.transactionId === transactionId,
    walletChargeUnderWay: ({ context }) =>
      context.attempts.some((attempt) => attempt.status === 'open' && OPERATOR_CHARGED.includes(attempt.method)),
  },
}).createMachine({
  id: 'operatorPurchase',
  context: { attempts: [], payment: undefined, refunded: [] },
  initial: 'Booked',
  // Whatever state a purchase is in once an attempt was opened and before it is paid, a confirmed approval
  // pays it: an attempt a newer one superseded can still be charged (a Tranzila handshake or a Hyp page
  // cannot be cancelled). Booked has opened none, so no provider can have charged it.
  states: {
    Booked: {
      on: {
        'attempt.open': { target: 'Attempting', actions: 'openAttempt' },
      },
    },
    Attempting: {
      on: {
        'attempt.open': {
          // The operator's own wallet charge is under way: its outcome comes within the call, so wait for it.
          guard: not('walletChargeUnderWay'),
          target: 'Attempting',
          actions: [...SUPERSEDE_OPEN_ATTEMPTS, 'openAttempt'],
        },
        'provider.approved': { target: 'Paid', actions: 'keepPayment' },
        'provider.declined': [
          {
            guard: { type: 'isOpenAttempt', params: ({ event }) => event.reference },
            target: 'Failed',
            actions: 'markDeclined',
          },
          { actions: 'markDeclined' },
        ],
        'provider.expired': [
          {
            guard: { type: 'isOpenAttempt', params: ({ event }) => event.reference },
            target: 'Expired',
            actions: 'markExpired',
          },
          { actions: 'markExpired' },
        ],
      },
    },
    Failed: AFTER_AN_ATTEMPT,
    Expired: AFTER_AN_ATTEMPT,
    Paid: {
      // The purchase is paid: an attempt still open elsewhere (another tab's Bit request) must not charge it.
      entry: SUPERSEDE_OPEN_ATTEMPTS,
      on: {
        'provider.approved': {
          actions: ['keepRefunded', { type: 'refundAtProvider', params: ({ event }) => event.charge }],
        },
        'provider.voided': {
          guard: { type: 'isPayment', params: ({ event }) => event.transactionId },
          target: 'Voided',
        },
        // A superseded attempt's window ended with no charge (the reconciliation sweep).
        'provider.expired': { actions: 'markExpired' },
      },
    },
    Voided: {
      on: {
        'provider.approved': {
          actions: ['keepRefunded', { type: 'refundAtProvider', params: ({ event }) => event.charge }],
        },
      },
    },
  },
});

export type PurchaseLifeState = 'Booked' | 'Attempting' | 'Failed' | 'Expired' | 'Paid' | 'Voided';
