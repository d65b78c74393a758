/**
 * The builders of the purchase chart's repeated states and edges (purchase.machine.ts): the method list's
 * wallet preselection, the operator's recording of the purchase, and one state per payment method with an
 * edge for each way its machine can end.
 */
import type { PaymentResult } from '../payment/payment.types';
import type { InputFrom } from 'xstate';
import type { PaymentMethodEntry } from '../payment/methods/payment-method';
import { methodEntries, PAYMENT_METHOD_ENTRIES, type MethodActor } from '../payment/methods/registry';

export type { MethodActor } from '../payment/methods/registry';
import { orderCurrency, paymentOrder, pricedLines } from './purchase.selectors';
import type { Booking, PurchaseContext } from './purchase.types';
import { receiptOf, type Receipt } from './receipt';

export const receiptFor = (context: PurchaseContext): Receipt =>
  receiptOf(context.machineId, pricedLines(context), orderCurrency(context).symbol);

/** A payment method's machine ends with its result (its output). */
type MethodDoneEvent = { event: { output: PaymentResult } };

const methodResult = ({ event }: MethodDoneEvent) => event.output;

const endedWith =
  (outcome: PaymentResult['outcome']) =>
  ({ event }: MethodDoneEvent) => ({ result: event.output, outcome });

/**
 * How a payment method's machine ended decides the next stage: the edge of each outcome. A failure whose
 * charge may have gone through (a pay call without an answer, a payment the provider still processes)
 * is no verdict: the operator is asked what became of the purchase's payment.
 */
const SETTLE = {
  succeeded: {
    guard: { type: 'paymentEndedWith', params: endedWith('succeeded') },
    target: '#purchase.PAYMENT_SUCCESS',
    actions: { type: 'keepResult', params: methodResult },
  },
  failed: {
    guard: { type: 'paymentEndedWith', params: endedWith('failed') },
    target: '#purchase.PAYMENT_FAILURE',
    actions: { type: 'keepResult', params: methodResult },
  },
  cancelled: {
    guard: { type: 'paymentEndedWith', params: endedWith('cancelled') },
    target: '#purchase.SELECT_PAYMENT_METHOD.ChoosingMethod',
    // The scan was closed at the scanner: no payment is underway any more.
    actions: 'forgetPaymentUnderway',
  },
} as const;

/** Taken before `failed`: a failure without a verdict. */
const UNCONFIRMED = {
  guard: { type: 'paymentUnconfirmed', params: methodResult },
  target: '#purchase.CheckingReturnedPayment',
  actions: 'keepPaymentUnderway',
} as const;

/** Any other ending is abandoned (the drawer closed before paying): no payment is underway any more. */
const ABANDON = { target: '#purchase.SELECT_PRODUCT', actions: ['forgetPayment', 'forgetPaymentUnderway'] } as const;

type Entries = typeof PAYMENT_METHOD_ENTRIES;

/** The payment methods' machines (methods/registry.ts), each invoked under its own id (the views find it in the snapshot's children). */
export const METHOD_MACHINES = Object.fromEntries(methodEntries().map(({ actor, machine }) => [actor, machine])) as {
  [TId in MethodActor]: Entries[TId]['machine'];
};

/** Which outcomes each method's machine ends with (its entry's `endings`, checked against its chart by the compiler). */
export const METHOD_ENDINGS = Object.fromEntries(methodEntries().map(({ actor, endings }) => [actor, endings])) as {
  [TId in MethodActor]: Entries[TId]['endings'];
};

/** An edge for each outcome the method can end with, and only for those; abandoned is the fallback. */
const settlePayment = (endings: Partial<Record<PaymentResult['outcome'], true>>, mayEndUnconfirmed: boolean) => [
  ...(endings.succeeded ? [SETTLE.succeeded] : []),
  ...(endings.failed && mayEndUnconfirmed ? [UNCONFIRMED] : []),
  ...(endings.failed ? [SETTLE.failed] : []),
  ...(endings.cancelled ? [SETTLE.cancelled] : []),
  ABANDON,
];

export const orderInput = ({ context }: { context: PurchaseContext }) => ({ order: paymentOrder(context) });

/**
 * Once Google has answered whether this browser can pay with Google Pay (or failed to within the limit),
 * the method list opens with the phone's likely wallet chosen: Apple Pay where it can pay, else Google
 * Pay when ready; otherwise nothing is chosen. Without Google's yes, only Apple Pay can be preselected.
 */
export function walletsKnown<TArgs>(googlePayReady: (args: TArgs) => boolean, likelyWallets: readonly Wallet[]) {
  const remember = { type: 'rememberGooglePayReadiness', params: googlePayReady } as const;
  const preselect = (wallet: Wallet) =>
    ({
      guard: {
        type: 'offersWallet',
        params: (args: TArgs & { context: PurchaseContext }) => ({ wallet, googlePayReady: googlePayReady(args) }),
      },
      target: 'ChoosingMethod',
      actions: [remember, { type: 'chooseMethod', params: wallet }],
    }) as const;
  return [...likelyWallets.map(preselect), { target: 'ChoosingMethod', actions: remember }] as const;
}

export type Wallet = 'apple_pay' | 'google_pay';

/**
 * A state that has the operator record the purchase (set_purchase, or book_link for a payment link) and
 * opens the drawer on the methods with the session and the pricing it answers; a refusal returns to the products with
 * its failure shown.
 */
export function submittingState<TId extends 'setPurchase' | 'bookPaymentLink', TInput>(
  id: TId,
  input: ({ context }: { context: PurchaseContext }) => TInput,
) {
  const refused = {
    target: 'SELECT_PRODUCT',
    actions: { type: 'rememberSubmitFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
  } as const;
  return {
    tags: ['busy'],
    entry: 'clearSubmitFailure',
    invoke: {
      id,
      src: id,
      input,
      onDone: {
        target: 'SELECT_PAYMENT_METHOD',
        actions: [
          { type: 'rememberBooking', params: ({ event }: { event: { output: Booking } }) => event.output },
          { type: 'rememberPurchase', params: ({ context }: { context: PurchaseContext }) => receiptFor(context) },
        ],
      },
      // set_purchase wakes the machine first (a payment link has none to wake): no answer, nothing booked.
      onError:
        id === 'setPurchase'
          ? [
              {
                guard: {
                  type: 'machineNotResponding',
                  params: ({ event }: { event: { error: unknown } }) => event.error,
                },
                target: 'MachineNotResponding',
              } as const,
              refused,
            ]
          : refused,
    },
  } as const;
}

const pendingTarget = (state: string) => `#purchase.INIT_METHOD_PENDING.${state}`;

/** The method list's Continue for each method that starts at once (no popup), in the registry's order. */
export const startsAtOnce = methodEntries((entry) => !entry.explainsFirst).map(({ chosenWhen, state }) => ({
  guard: chosenWhen,
  target: pendingTarget(state),
}));

/** The popup's Continue for each method that explains itself first. */
export const startsAfterPopup = methodEntries((entry) => entry.explainsFirst).map(({ chosenWhen, state }) => ({
  guard: chosenWhen,
  target: pendingTarget(state),
}));

/**
 * One state of INIT_METHOD_PENDING: it runs the method's machine on the order (and what else its entry says the method
 * needs), hands it the drawer's close (the method decides whether leaving is still possible) and moves the purchase
 * on by the result the machine ends with.
 */
function methodState<TId extends MethodActor>(id: TId) {
  const entry: PaymentMethodEntry = PAYMENT_METHOD_ENTRIES[id];
  return {
    on: { 'drawer.close': { actions: { type: 'forwardToMethod', params: id } } },
    invoke: {
      id,
      src: id,
      input: ({ context }: { context: PurchaseContext }) =>
        entry.input(paymentOrder(context), context) as InputFrom<Entries[TId]['machine']>,
      onDone: settlePayment(entry.endings, entry.mayEndUnconfirmed),
    },
  } as const;
}

type MethodState = { [TId in MethodActor]: ReturnType<typeof methodState<TId>> }[MethodActor];

/** INIT_METHOD_PENDING's states, one per method under its entry's state name. */
export const methodStates = () =>
  Object.fromEntries(methodEntries().map(({ actor, state }) => [state, methodState(actor)])) as Record<
    string,
    MethodState
  >;
