import { assign, not, setup } from 'xstate';
import type { ChargeMethod, DeliveryPlan, ItemCount } from '../stores';

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
  /** An authorization (funds held, captured after delivery) rather than a sale (money taken at once). */
  hold: boolean;
}

export interface PurchaseLifeContext {
  attempts: Attempt[];
  /** The one charge that pays the purchase: the first approval the providers confirmed. */
  payment: ConfirmedCharge | undefined;
  /** Approvals that came after the purchase was paid (another attempt charged anyway): each is refunded. */
  refunded: ConfirmedCharge[];
  /** What the machine is to deliver once paid; none for a payment link. */
  plan: DeliveryPlan | undefined;
  /** What the machine reported it delivered (nothing when it never reported); unknown while it delivers. */
  delivered: ItemCount[] | undefined;
}

export interface PurchaseLifeInput {
  plan: DeliveryPlan | undefined;
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
  | { type: 'provider.voided'; transactionId: string }
  /** The machine reported what it delivered (everything, part, or nothing). */
  | { type: 'machine.reported'; delivered: ItemCount[] }
  /** The provider settled the refund of what was not delivered: the money is on its way back. */
  | { type: 'provider.refunded' };

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
/**
 * A confirmed approval pays the purchase: the machine is told to deliver, or, with nothing to deliver
 * (a payment link), the payment is settled at once.
 */
const PAY = [
  { guard: 'hasDeliveryPlan', target: '#operatorPurchase.Paid.Delivering', actions: 'keepPayment' },
  { target: '#operatorPurchase.Paid.NothingToDeliver', actions: 'keepPayment' },
] as const;

/**
 * What was not delivered goes back to the payer: a hold's rest is released (with what was delivered
 * captured), a sale's is refunded.
 */
const GIVE_BACK = [
  { guard: 'paidWithHold', target: '#operatorPurchase.Paid.Undelivered.Released' },
  { target: '#operatorPurchase.Paid.Undelivered.Refunding' },
] as const;

const AFTER_AN_ATTEMPT = {
  on: {
    'attempt.open': { target: 'Attempting', actions: 'openAttempt' },
    'provider.approved': PAY,
    'provider.declined': { actions: 'markDeclined' },
    'provider.expired': { actions: 'markExpired' },
  },
} as const;

/** What the provider is asked to settle once the machine has reported: the payment, and what came out. */
export interface Settlement {
  payment: ConfirmedCharge | undefined;
  plan: DeliveryPlan | undefined;
  delivered: ItemCount[];
}

const settlementOf = ({ context }: { context: PurchaseLifeContext }): Settlement => ({
  payment: context.payment,
  plan: context.plan,
  delivered: context.delivered ?? [],
});

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
    input: {} as PurchaseLifeInput,
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
    keepDelivered: assign({ delivered: (_, delivered: ItemCount[]) => delivered }),
    /** Tells the machine to deliver the plan; it reports back with `machine.reported`. */
    deliverAtMachine: (_, _plan: DeliveryPlan | undefined) => {},
    /** Takes the payment in full: a hold is captured (a sale was taken already). */
    captureInFull: (_, _payment: ConfirmedCharge | undefined) => {},
    /** A hold: captures what was delivered, if anything, and releases the rest. */
    captureDeliveredReleaseRest: (_, _settlement: Settlement) => {},
    /** A sale: refunds what was not delivered at the provider. */
    refundUndelivered: (_, _settlement: Settlement) => {},
  },
  guards: {
    /** The event is about the attempt open now (not one a newer attempt superseded). */
    isOpenAttempt: ({ context }, reference: string) =>
      context.attempts.some((attempt) => attempt.reference === reference && attempt.status === 'open'),
    isPayment: ({ context }, transactionId: string) => context.payment?.transactionId === transactionId,
    walletChargeUnderWay: ({ context }) =>
      context.attempts.some((attempt) => attempt.status === 'open' && OPERATOR_CHARGED.includes(attempt.method)),
    hasDeliveryPlan: ({ context }) => context.plan !== undefined,
    paidWithHold: ({ context }) => context.payment?.hold === true,
    deliveredEverything: ({ context }, delivered: ItemCount[]) =>
      context.plan?.ordered.every(
        ({ productId, count }) =>
          delivered.find((item) => item.productId === productId && item.count >= count) !== undefined,
      ) ?? false,
  },
  delays: {
    /**
     * How long the operator waits for the machine's report of a delivery: past it, nothing is taken as
     * delivered and the money goes back (Nayax's "vend result timeout" is the machine maker's equivalent,
     * configurable there).
     */
    deliveryReportLimit: 60_000,
  },
}).createMachine({
  id: 'operatorPurchase',
  context: ({ input }) => ({ attempts: [], payment: undefined, refunded: [], plan: input.plan, delivered: undefined }),
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
        'provider.approved': PAY,
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
    /**
     * Paid, then delivered: the machine delivers (`Delivering`), then everything came out (`Delivered`,
     * a hold captured in full) or not (`Undelivered`: a hold's undelivered rest released, a sale's
     * refunded, `Refunding` until the provider settles the refund). A payment link has nothing to deliver.
     */
    Paid: {
      // The purchase is paid: an attempt still open elsewhere (another tab's Bit request) must not charge it.
      entry: SUPERSEDE_OPEN_ATTEMPTS,
      on: {
        'provider.approved': {
          actions: ['keepRefunded', { type: 'refundAtProvider', params: ({ event }) => event.charge }],
        },
        // A superseded attempt's window ended with no charge (the reconciliation sweep).
        'provider.expired': { actions: 'markExpired' },
      },
      initial: 'Delivering',
      states: {
        Delivering: {
          entry: { type: 'deliverAtMachine', params: ({ context }) => context.plan },
          on: {
            'machine.reported': [
              {
                guard: { type: 'deliveredEverything', params: ({ event }) => event.delivered },
                target: 'Delivered',
                actions: { type: 'keepDelivered', params: ({ event }) => event.delivered },
              },
              ...GIVE_BACK.map(
                (edge) =>
                  ({
                    ...edge,
                    actions: {
                      type: 'keepDelivered',
                      params: ({ event }: { event: { delivered: ItemCount[] } }) => event.delivered,
                    },
                  }) as const,
              ),
            ],
            // Before anything was taken: the hold itself was cancelled at the provider.
            'provider.voided': {
              guard: { type: 'isPayment', params: ({ event }) => event.transactionId },
              target: '#operatorPurchase.Voided',
            },
          },
          // The machine never said: nothing is taken as delivered.
          after: {
            deliveryReportLimit: GIVE_BACK.map(
              (edge) => ({ ...edge, actions: { type: 'keepDelivered', params: () => [] } }) as const,
            ),
          },
        },
        Delivered: { entry: { type: 'captureInFull', params: ({ context }) => context.payment } },
        Undelivered: {
          // Always entered at Released or Refunding (GIVE_BACK); XState still wants a default child.
          initial: 'Released',
          states: {
            Released: { entry: { type: 'captureDeliveredReleaseRest', params: settlementOf } },
            Refunding: {
              entry: { type: 'refundUndelivered', params: settlementOf },
              on: { 'provider.refunded': 'Refunded' },
            },
            Refunded: {},
          },
        },
        NothingToDeliver: { entry: { type: 'captureInFull', params: ({ context }) => context.payment } },
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
