import { assign, enqueueActions, forwardTo, fromPromise } from 'xstate';
import { setup } from '../shared/chart-setup';
import { amountEntryMachine } from '../amount-entry/amount-entry.machine';
import { type DeliveryExpected, deliveryMachine } from '../delivery/delivery.machine';
import type { CardProvider, Menu, ProductId } from '../menu/menu.types';
import type { PaymentOrder, PaymentResult } from '../payment/payment.types';
import { PAYMENT_METHOD_ENTRIES } from '../payment/methods/registry';
import { payableLine } from '../vacuum/hourly';
import { vacuumMachine } from '../vacuum/vacuum.machine';
import { ApiError, failureOf, type ApiFailure } from '../shared/api-failure';
import type { PurchaseLineRequest } from '../shared/pricing';
import {
  findProduct,
  initialSelection,
  MAX_QUANTITY,
  needsPopup,
  offeredMethods,
  pricedLines,
  purchaseRequest,
} from './purchase.selectors';
import type {
  Booking,
  OrderSource,
  PaymentMethod,
  PurchaseContext,
  PurchaseEvent,
  PurchaseInput,
  ReturnedPayment,
  ReturnedPaymentStatus,
} from './purchase.types';
import {
  METHOD_MACHINES,
  methodStates,
  orderInput,
  receiptFor,
  startsAfterPopup,
  startsAtOnce,
  submittingState,
  walletsKnown,
  type MethodActor,
  type Wallet,
} from './purchase.states';
import type { Receipt } from './receipt';

export { METHOD_ENDINGS, METHOD_MACHINES, type MethodActor } from './purchase.states';
import { providedAtTheEdge } from '../shared/provided-at-the-edge';

export interface SetPurchaseInput {
  machineId: string;
  lines: PurchaseLineRequest[];
}

export interface BookPaymentLinkInput {
  machineId: string;
  /** The payment page's query, with the merchant's signature. */
  query: string;
}

/** The operator's code for set_purchase's 504 (contract: MachineNotResponding). */
export const MACHINE_NOT_RESPONDING = 'machine_not_responding';

const toFailure = (error: unknown): ApiFailure =>
  error instanceof ApiError ? error.failure : { kind: 'invalid-answer', detail: String(error) };

/** The product view decides the order only on /pay's menu-driven purchases. */
const showsView = (context: PurchaseContext, view: Menu['product_view']) =>
  context.orderSource.kind === 'menu' && context.menu.product_view === view;

/** What each order leads the app to expect of the machine once paid: a menu's items vend, the vacuum starts, a link has nothing. */
const DELIVERY_EXPECTED: Record<OrderSource['kind'], DeliveryExpected> = {
  menu: 'vend',
  hourly: 'start',
  fixed: 'nothing',
};

/** The return address of a payment link for an outcome, if the link gave one. */
const returnUrlFor = (source: OrderSource, outcome: 'success' | 'failure') =>
  source.kind === 'fixed' ? source.returnUrls[outcome] : undefined;

/**
 * The purchase stages of requirements.md §4: SELECT_PRODUCT -> SELECT_PAYMENT_METHOD -> INIT_METHOD_PENDING ->
 * PAYMENT_SUCCESS | PAYMENT_FAILURE. The drawer is open in every stage tagged `drawerOpen`.
 * INIT_METHOD_PENDING runs the chosen method's own machine; its result picks the next stage.
 */
export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
    input: {} as PurchaseInput,
    children: {} as {
      amountEntry: 'amountEntry';
      vacuum: 'vacuum';
      setPurchase: 'setPurchase';
      bookPaymentLink: 'bookPaymentLink';
      checkGooglePay: 'checkGooglePay';
      checkReturnedPayment: 'checkReturnedPayment';
      delivery: 'delivery';
    } & { [TId in MethodActor]: TId },
  },
  actors: {
    amountEntry: amountEntryMachine,
    vacuum: vacuumMachine,
    /** POST /api/menu/set_purchase; resolves with the purchase as the operator priced it. */
    setPurchase: fromPromise<Booking, SetPurchaseInput>(providedAtTheEdge('setPurchase')),
    /** POST /api/merchants/custom/book_link: the operator books a signed payment link, priced. */
    bookPaymentLink: fromPromise<Booking, BookPaymentLinkInput>(providedAtTheEdge('bookPaymentLink')),
    /** Google's isReadyToPay for the machine's Google Pay methods: whether this browser can pay with them. */
    checkGooglePay: fromPromise<boolean, { order: PaymentOrder }>(providedAtTheEdge('checkGooglePay')),
    ...METHOD_MACHINES,
    /** GET /api/payment/status: what the operator knows of the payment of the purchase (its session). */
    checkReturnedPayment: fromPromise<ReturnedPaymentStatus, { machineId: string; sessionId: string }>(
      providedAtTheEdge('checkReturnedPayment'),
    ),
    /** After the payment: the machine delivers, as the operator says (its status call is provided at the edge). */
    delivery: deliveryMachine,
  },
  delays: {
    /** How often the operator is asked again while it says the payment is still being processed. */
    paymentStatusPoll: 1000,
    /** How long the visitor waits for a verdict before being offered to check again or call support. */
    returnedPaymentWait: 60_000,
    /** How long the method list waits for Google's answer before opening without Google Pay. */
    googlePayCheckLimit: 4000,
  },
  actions: {
    selectProduct: assign({
      selectedIds: ({ context }, productId: ProductId) => {
        if (!context.menu.allow_multiple_products || context.menu.product_view !== 'GRID') return [productId];
        return context.selectedIds.includes(productId)
          ? context.selectedIds.filter((id) => id !== productId)
          : [...context.selectedIds, productId];
      },
    }),
    incrementQuantity: assign({ quantity: ({ context }) => context.quantity + 1 }),
    decrementQuantity: assign({ quantity: ({ context }) => context.quantity - 1 }),
    rememberAmount: assign({ customAmount: (_, amount: number) => amount }),
    rememberHours: assign((_, { productId, minutes }: { productId: ProductId; minutes: number }) => ({
      selectedIds: [productId],
      minutes,
    })),
    /** A payment link's intent is the session the operator already holds: the payment calls carry it. */
    adoptPaymentIntent: assign({
      sessionId: ({ context }) =>
        context.orderSource.kind === 'fixed' ? context.orderSource.paymentIntent : undefined,
    }),
    /** Sends the session uuid on every later call (set_purchase's answer does it on its own). */
    useSession: (_, _sessionId: string | undefined) => {},
    /** requirements.md §4: a payment link's page sends the browser to its success or failure address. */
    leaveForReturnUrl: (_, _url: string | undefined) => {},
    clearSubmitFailure: assign({ submitFailure: undefined }),
    rememberSubmitFailure: assign({ submitFailure: (_, error: unknown) => toFailure(error) }),
    rememberBooking: assign((_, booking: Booking) => ({ sessionId: booking.sessionId, booking })),
    chooseMethod: assign({ method: (_, method: PaymentMethod) => method }),
    rememberGooglePayReadiness: assign({ googlePayReady: (_, ready: boolean) => ready }),
    /** The method's machine decides what closing the drawer means while it runs. */
    forwardToMethod: forwardTo((_, method: MethodActor) => method),
    /** Keeps the payment's result and the receipt the success page shows, naming the method used. */
    keepResult: assign(({ context }, result: PaymentResult) => {
      const transactionId = 'transactionId' in result ? result.transactionId : undefined;
      const paid = { transactionId, paidAt: new Date().toISOString(), paidWith: context.method };
      return { result, receipt: { ...receiptFor(context), ...paid } };
    }),
    keepReturnedPayment: assign({ returnedPayment: (_, returned: ReturnedPayment) => returned }),
    /** A payment of this page whose outcome the method could not know: the operator is asked about it. */
    keepPaymentUnderway: assign(({ context }) => ({
      returnedPayment: { sessionId: context.sessionId ?? '', receipt: receiptFor(context) },
    })),
    /** The operator's verdict on the payment, never one an address brought or the page guessed. */
    acceptReturnedPayment: assign(
      ({ context }, { status, transactionId, method, declineMessage }: ReturnedPaymentStatus) => {
        const receipt = context.returnedPayment?.receipt ?? receiptFor(context);
        const result: PaymentResult =
          status === 'paid'
            ? { outcome: 'succeeded', transactionId }
            : {
                outcome: 'failed',
                reason: 'notCharged',
                transactionId,
                ...(declineMessage && { message: declineMessage }),
              };
        const paid =
          status === 'paid'
            ? { transactionId, paidAt: new Date().toISOString(), paidWith: method ?? context.method }
            : {};
        // The purchase is the one asked about: its delivery is followed under its session.
        const sessionId = context.returnedPayment?.sessionId ?? context.sessionId;
        return { result, receipt: { ...receipt, ...paid }, returnedPayment: undefined, sessionId };
      },
    ),
    /** A payment starts: until its end is shown, a reload asks the operator about it (local storage). */
    rememberPaymentUnderway: (_, _sessionId: string) => {},
    /** Its end is known (shown, or the method ended before any money moved). */
    forgetPaymentUnderway: (_) => {},
    forgetPayment: assign({
      booking: undefined,
      method: undefined,
      result: undefined,
      receipt: undefined,
      returnedPayment: undefined,
    }),
    /** Keeps the purchase (pay_data) in local storage once the operator has it. */
    rememberPurchase: (_, _receipt: Receipt) => {},
    /**
     * requirements.md §4: closing after success stores the purchase in the machine's history and clears the pay status.
     */
    storeInHistory: (_, _receipt: Receipt) => {},
    /** …and it becomes the visitor's latest purchase here. */
    rememberAsLatest: assign({ latestPurchase: ({ context }) => context.receipt ?? receiptFor(context) }),
    announceReturnedPayment: enqueueActions(({ context, enqueue }) => {
      if (context.returnedPayment) enqueue.raise({ type: 'payment.returned', returned: context.returnedPayment });
    }),
  },
  guards: {
    productSelectable: ({ context }, productId: ProductId) =>
      context.orderSource.kind === 'menu' &&
      context.menu.product_view !== 'PRICE_INPUT' &&
      findProduct(context.menu, productId)?.available === true,
    canAddOne: ({ context }) => showsView(context, 'QUANTITY') && context.quantity < MAX_QUANTITY,
    canRemoveOne: ({ context }) => showsView(context, 'QUANTITY') && context.quantity > 1,
    hasSelection: ({ context }) =>
      context.orderSource.kind !== 'hourly' && !showsView(context, 'PRICE_INPUT') && pricedLines(context).length > 0,
    hasPaymentIntent: ({ context }) =>
      context.orderSource.kind === 'fixed' && context.orderSource.paymentIntent !== undefined,
    /** A link with a line to book (its amount on the machine's first product). */
    isPaymentLink: ({ context }) => context.orderSource.kind === 'fixed' && pricedLines(context).length > 0,
    hasProductForAmount: ({ context }) => showsView(context, 'PRICE_INPUT') && context.menu.products[0] !== undefined,
    /** An available product and a span that costs at least the machine's minimum amount. */
    hourlyChargeable: ({ context }, { productId, minutes }: { productId: ProductId; minutes: number }) => {
      const product = findProduct(context.menu, productId);
      return (
        context.orderSource.kind === 'hourly' &&
        product?.available === true &&
        payableLine(product, minutes, context.menu.minimum_amount) !== undefined
      );
    },
    methodOffered: ({ context }, method: PaymentMethod) => offeredMethods(context).includes(method),
    /** The wallet is offered once Google's answer is known (Apple Pay: the device can pay with it). */
    offersWallet: ({ context }, { wallet, googlePayReady }: { wallet: Wallet; googlePayReady: boolean }) =>
      offeredMethods({ ...context, googlePayReady }).includes(wallet),
    chosenMethodNeedsPopup: ({ context }) => needsPopup(context.method),
    methodIs: ({ context }, method: PaymentMethod) => context.method === method,
    cardEntryWith: ({ context }, provider: CardProvider) =>
      context.method === 'credit_card' && context.menu.frontend_config.credit_card?.type === provider,
    paymentEndedWith: (_, { result, outcome }: { result: PaymentResult; outcome: PaymentResult['outcome'] }) =>
      result.outcome === outcome,
    paymentUnconfirmed: (_, result: PaymentResult) => result.outcome === 'failed' && result.reason === 'unconfirmed',
    /** set_purchase's 504: the machine did not answer the operator's wake, so nothing was booked. */
    machineNotResponding: (_, error: unknown) => {
      const failure = failureOf(error);
      return failure.kind === 'http' && failure.code === MACHINE_NOT_RESPONDING;
    },
    returnedPaymentIs: (
      _,
      { answer, status }: { answer: ReturnedPaymentStatus; status: ReturnedPaymentStatus['status'] },
    ) => answer.status === status,
  },
}).createMachine({
  id: 'purchase',
  context: ({ input, spawn }) => {
    const orderSource = input.orderSource ?? { kind: 'menu' };
    const menuDriven = orderSource.kind === 'menu';
    return {
      ...input,
      orderSource,
      selectedIds: menuDriven ? initialSelection(input.menu) : [],
      quantity: 1,
      customAmount: undefined,
      minutes: undefined,
      amountEntry:
        menuDriven && input.menu.product_view === 'PRICE_INPUT'
          ? spawn('amountEntry', { id: 'amountEntry', input: { minimumAmount: input.menu.minimum_amount } })
          : undefined,
      vacuum:
        orderSource.kind === 'hourly'
          ? spawn('vacuum', {
              id: 'vacuum',
              input: {
                machineId: input.machineId,
                products: input.menu.products,
                minimumAmount: input.menu.minimum_amount,
                promotion: input.menu.promotion,
                now: orderSource.now,
                promotionMember: orderSource.promotionMember,
              },
            })
          : undefined,
      sessionId: undefined,
      booking: undefined,
      submitFailure: undefined,
      googlePayReady: undefined,
      method: undefined,
      result: undefined,
      receipt: undefined,
    };
  },
  initial: 'SELECT_PRODUCT',
  states: {
    SELECT_PRODUCT: {
      entry: 'announceReturnedPayment',
      on: {
        'product.select': {
          guard: { type: 'productSelectable', params: ({ event }) => event.productId },
          actions: [{ type: 'selectProduct', params: ({ event }) => event.productId }, 'clearSubmitFailure'],
        },
        'quantity.increment': { guard: 'canAddOne', actions: 'incrementQuantity' },
        'quantity.decrement': { guard: 'canRemoveOne', actions: 'decrementQuantity' },
        'purchase.continue': [
          {
            guard: 'hasPaymentIntent',
            target: 'SELECT_PAYMENT_METHOD',
            actions: [
              'adoptPaymentIntent',
              { type: 'useSession', params: ({ context }) => context.sessionId },
              { type: 'rememberPurchase', params: ({ context }) => receiptFor(context) },
            ],
          },
          { guard: 'isPaymentLink', target: 'BookingPaymentLink' },
          { guard: 'hasSelection', target: 'SubmittingPurchase' },
        ],
        'hours.confirmed': {
          guard: { type: 'hourlyChargeable', params: ({ event }) => event },
          target: 'SubmittingPurchase',
          actions: { type: 'rememberHours', params: ({ event }) => event },
        },
        'amount.confirmed': {
          guard: 'hasProductForAmount',
          target: 'SubmittingPurchase',
          actions: { type: 'rememberAmount', params: ({ event }) => event.amount },
        },
        /** Back to a payment this browser started elsewhere (a reload, Bit's page): the operator is asked. */
        'payment.returned': {
          target: 'CheckingReturnedPayment',
          actions: { type: 'keepReturnedPayment', params: ({ event }) => event.returned },
        },
      },
    },
    /**
     * A payment whose end this page did not see (reloaded during it, back from Bit, a pay call without an
     * answer): the operator is asked what became of it, and the visitor is told paid, not charged, or
     * being confirmed (with support) while a provider still processes it or the operator cannot be asked.
     */
    CheckingReturnedPayment: {
      tags: ['drawerOpen'],
      on: { 'drawer.close': { target: 'SELECT_PRODUCT', actions: 'forgetPayment' } },
      initial: 'Polling',
      states: {
        Polling: {
          tags: ['busy'],
          after: { returnedPaymentWait: 'Unconfirmed' },
          initial: 'Asking',
          states: {
            Asking: {
              invoke: {
                id: 'checkReturnedPayment',
                src: 'checkReturnedPayment',
                input: ({ context }) => ({
                  machineId: context.machineId,
                  sessionId: context.returnedPayment?.sessionId ?? '',
                }),
                onDone: [
                  {
                    guard: {
                      type: 'returnedPaymentIs',
                      params: ({ event }) => ({ answer: event.output, status: 'paid' }),
                    },
                    target: '#purchase.PAYMENT_SUCCESS',
                    actions: { type: 'acceptReturnedPayment', params: ({ event }) => event.output },
                  },
                  {
                    guard: {
                      type: 'returnedPaymentIs',
                      params: ({ event }) => ({ answer: event.output, status: 'pending' }),
                    },
                    target: 'Waiting',
                  },
                  {
                    target: '#purchase.PAYMENT_FAILURE',
                    actions: { type: 'acceptReturnedPayment', params: ({ event }) => event.output },
                  },
                ],
                onError: '#purchase.CheckingReturnedPayment.Unconfirmed',
              },
            },
            /** The operator says a provider still processes it: the visitor is told it is being confirmed. */
            Waiting: { after: { paymentStatusPoll: 'Asking' } },
          },
        },
        /** No verdict (the call failed, or none came in time): the visitor may ask again or call support. */
        Unconfirmed: { on: { 'payment.recheck': 'Polling' } },
      },
    },
    SubmittingPurchase: submittingState('setPurchase', ({ context }) => ({
      machineId: context.machineId,
      lines: purchaseRequest(context),
    })),
    /**
     * The operator woke the machine and it did not answer: nothing was booked, no money moved. The visitor
     * is told so, and may try again (the same lines) or call support.
     */
    MachineNotResponding: {
      tags: ['drawerOpen'],
      on: {
        'purchase.retry': 'SubmittingPurchase',
        'drawer.close': 'SELECT_PRODUCT',
      },
    },
    /** A payment link without the operator's intent: its signed address is booked (design.md §10). */
    BookingPaymentLink: submittingState('bookPaymentLink', ({ context }) => ({
      machineId: context.machineId,
      query: context.orderSource.kind === 'fixed' ? context.orderSource.signedQuery : '',
    })),
    SELECT_PAYMENT_METHOD: {
      initial: 'CheckingWallets',
      on: { 'drawer.close': { target: 'SELECT_PRODUCT', actions: 'forgetPayment' } },
      states: {
        /**
         * Google is asked whether this browser can pay with Google Pay before the list opens, so the list
         * never gains or loses a wallet under the visitor's thumb; the product page's Continue stays busy.
         */
        CheckingWallets: {
          tags: ['busy'],
          invoke: {
            id: 'checkGooglePay',
            src: 'checkGooglePay',
            input: orderInput,
            onDone: walletsKnown(
              ({ event }: { event: { output: boolean } }) => event.output,
              ['apple_pay', 'google_pay'],
            ),
            onError: walletsKnown(() => false, ['apple_pay']),
          },
          after: { googlePayCheckLimit: walletsKnown(() => false, ['apple_pay']) },
        },
        ChoosingMethod: {
          tags: ['drawerOpen'],
          on: {
            'method.select': {
              guard: { type: 'methodOffered', params: ({ event }) => event.method },
              actions: { type: 'chooseMethod', params: ({ event }) => event.method },
            },
            // The chosen method's popup first, if it has one; else the method itself (methods/registry.ts).
            'method.continue': [{ guard: 'chosenMethodNeedsPopup', target: 'ExplainingMethod' }, ...startsAtOnce],
          },
        },
        /** The scan-help, secure-payment or Bit popup, before the method starts. */
        ExplainingMethod: {
          tags: ['drawerOpen'],
          on: {
            'popup.continue': startsAfterPopup,
            'popup.cancel': 'ChoosingMethod',
          },
        },
      },
    },
    INIT_METHOD_PENDING: {
      tags: ['drawerOpen'],
      entry: { type: 'rememberPaymentUnderway', params: ({ context }) => context.sessionId ?? '' },
      // Always entered at the chosen method's state; XState still wants a default child. One state per method
      // (methods/registry.ts); Bit's leaves for Bit, its verdict coming back as `payment.returned` on a new page.
      initial: PAYMENT_METHOD_ENTRIES.googlePay.state,
      states: methodStates(),
    },
    PAYMENT_SUCCESS: {
      tags: ['drawerOpen'],
      // The machine delivers what was paid; the success page shows it (a payment link has nothing to deliver).
      invoke: {
        id: 'delivery',
        src: 'delivery',
        input: ({ context }) => ({
          machineId: context.machineId,
          sessionId: context.sessionId ?? '',
          expected: DELIVERY_EXPECTED[context.orderSource.kind],
        }),
      },
      // The payment stays underway until the visitor closes the page (requirements.md §4): a reload, or another tab
      // of the same browser, still asks the operator and shows the success again.
      entry: { type: 'leaveForReturnUrl', params: ({ context }) => returnUrlFor(context.orderSource, 'success') },
      initial: 'Summary',
      on: {
        'drawer.close': {
          target: 'SELECT_PRODUCT',
          actions: [
            { type: 'storeInHistory', params: ({ context }) => context.receipt ?? receiptFor(context) },
            'rememberAsLatest',
            'forgetPayment',
            'forgetPaymentUnderway',
          ],
        },
        'purchase.restart': {
          target: 'SELECT_PRODUCT',
          actions: [
            { type: 'storeInHistory', params: ({ context }) => context.receipt ?? receiptFor(context) },
            'rememberAsLatest',
            'forgetPayment',
            'forgetPaymentUnderway',
          ],
        },
      },
      states: {
        Summary: { on: { 'history.show': 'LatestPurchase' } },
        /** 'See latest purchase': the visitor's previous purchase on this machine. */
        LatestPurchase: { on: { 'history.hide': 'Summary' } },
      },
    },
    PAYMENT_FAILURE: {
      tags: ['drawerOpen'],
      entry: [
        'forgetPaymentUnderway',
        { type: 'leaveForReturnUrl', params: ({ context }) => returnUrlFor(context.orderSource, 'failure') },
      ],
      on: {
        'drawer.close': { target: 'SELECT_PRODUCT', actions: 'forgetPayment' },
        'purchase.retry': { target: 'SELECT_PRODUCT', actions: 'forgetPayment' },
      },
    },
  },
});
