import { assign, fromPromise, setup } from 'xstate';
import { amountEntryMachine } from '../amount-entry/amount-entry.machine';
import type { ProductId } from '../menu/menu.types';
import { ApiError, type ApiFailure } from '../shared/api-failure';
import type { PurchaseLineRequest } from './pricing';
import {
  findProduct,
  initialSelection,
  MAX_QUANTITY,
  needsPopup,
  offeredMethods,
  pricedLines,
  purchaseRequest,
} from './purchase.selectors';
import type { PaymentMethod, PaymentOutcome, PurchaseContext, PurchaseEvent, PurchaseInput } from './purchase.types';

export interface SetPurchaseInput {
  machineId: string;
  lines: PurchaseLineRequest[];
}

const outcomeOf = ({ transactionId, message, code }: PaymentOutcome): PaymentOutcome => ({
  transactionId,
  message,
  code,
});

const toFailure = (error: unknown): ApiFailure =>
  error instanceof ApiError ? error.failure : { kind: 'invalid-answer', detail: String(error) };

/**
 * The purchase stages of spec §4: SELECT_PRODUCT -> SELECT_PAYMENT_METHOD -> INIT_METHOD_PENDING ->
 * PAYMENT_SUCCESS | PAYMENT_FAILURE. The drawer is open in every stage tagged `drawerOpen`.
 */
export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
    input: {} as PurchaseInput,
  },
  actors: {
    amountEntry: amountEntryMachine,
    /** POST /api/menu/set_purchase; resolves with the new session id. */
    setPurchase: fromPromise<string, SetPurchaseInput>(() =>
      Promise.reject(new Error('setPurchase is provided at the edge')),
    ),
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
    clearSubmitFailure: assign({ submitFailure: undefined }),
    rememberSession: assign({ sessionId: (_, sessionId: string) => sessionId }),
    chooseMethod: assign({ method: (_, method: PaymentMethod) => method }),
    rememberOutcome: assign({ outcome: (_, outcome: PaymentOutcome) => outcome }),
    forgetPayment: assign({ method: undefined, outcome: undefined }),
  },
  guards: {
    productSelectable: ({ context }, productId: ProductId) =>
      context.menu.product_view !== 'PRICE_INPUT' && findProduct(context.menu, productId)?.available === true,
    canAddOne: ({ context }) => context.menu.product_view === 'QUANTITY' && context.quantity < MAX_QUANTITY,
    canRemoveOne: ({ context }) => context.menu.product_view === 'QUANTITY' && context.quantity > 1,
    hasSelection: ({ context }) => context.menu.product_view !== 'PRICE_INPUT' && pricedLines(context).length > 0,
    hasProductForAmount: ({ context }) =>
      context.menu.product_view === 'PRICE_INPUT' && context.menu.products[0] !== undefined,
    methodOffered: ({ context }, method: PaymentMethod) => offeredMethods(context).includes(method),
    chosenMethodNeedsPopup: ({ context }) => needsPopup(context.method),
    methodChosen: ({ context }) => context.method !== undefined,
  },
}).createMachine({
  id: 'purchase',
  context: ({ input, spawn }) => ({
    ...input,
    selectedIds: initialSelection(input.menu),
    quantity: 1,
    customAmount: undefined,
    amountEntry: input.menu.product_view === 'PRICE_INPUT' ? spawn('amountEntry', { id: 'amountEntry' }) : undefined,
    sessionId: undefined,
    submitFailure: undefined,
    method: undefined,
    outcome: undefined,
  }),
  initial: 'SELECT_PRODUCT',
  states: {
    SELECT_PRODUCT: {
      on: {
        'product.select': {
          guard: { type: 'productSelectable', params: ({ event }) => event.productId },
          actions: [{ type: 'selectProduct', params: ({ event }) => event.productId }, 'clearSubmitFailure'],
        },
        'quantity.increment': { guard: 'canAddOne', actions: 'incrementQuantity' },
        'quantity.decrement': { guard: 'canRemoveOne', actions: 'decrementQuantity' },
        'purchase.continue': { guard: 'hasSelection', target: 'SubmittingPurchase' },
        'amount.confirmed': {
          guard: 'hasProductForAmount',
          target: 'SubmittingPurchase',
          actions: { type: 'rememberAmount', params: ({ event }) => event.amount },
        },
      },
    },
    SubmittingPurchase: {
      tags: ['busy'],
      entry: 'clearSubmitFailure',
      invoke: {
        id: 'setPurchase',
        src: 'setPurchase',
        input: ({ context }) => ({ machineId: context.machineId, lines: purchaseRequest(context) }),
        onDone: {
          target: 'SELECT_PAYMENT_METHOD',
          actions: { type: 'rememberSession', params: ({ event }) => event.output },
        },
        onError: {
          target: 'SELECT_PRODUCT',
          actions: assign({ submitFailure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    SELECT_PAYMENT_METHOD: {
      tags: ['drawerOpen'],
      initial: 'ChoosingMethod',
      on: { 'drawer.close': { target: 'SELECT_PRODUCT', actions: 'forgetPayment' } },
      states: {
        ChoosingMethod: {
          on: {
            'method.select': {
              guard: { type: 'methodOffered', params: ({ event }) => event.method },
              actions: { type: 'chooseMethod', params: ({ event }) => event.method },
            },
            'method.continue': [
              { guard: 'chosenMethodNeedsPopup', target: 'ExplainingMethod' },
              { guard: 'methodChosen', target: '#purchase.INIT_METHOD_PENDING' },
            ],
          },
        },
        /** The scan-help, secure-payment or Bit popup, before the method starts. */
        ExplainingMethod: {
          on: {
            'popup.continue': '#purchase.INIT_METHOD_PENDING',
            'popup.cancel': 'ChoosingMethod',
          },
        },
      },
    },
    INIT_METHOD_PENDING: {
      tags: ['drawerOpen'],
      on: {
        'drawer.close': { target: 'SELECT_PRODUCT', actions: 'forgetPayment' },
        'payment.succeeded': {
          target: 'PAYMENT_SUCCESS',
          actions: { type: 'rememberOutcome', params: ({ event }) => outcomeOf(event) },
        },
        'payment.failed': {
          target: 'PAYMENT_FAILURE',
          actions: { type: 'rememberOutcome', params: ({ event }) => outcomeOf(event) },
        },
      },
    },
    PAYMENT_SUCCESS: {
      tags: ['drawerOpen'],
      on: { 'drawer.close': { target: 'SELECT_PRODUCT', actions: 'forgetPayment' } },
    },
    PAYMENT_FAILURE: {
      tags: ['drawerOpen'],
      on: {
        'drawer.close': { target: 'SELECT_PRODUCT', actions: 'forgetPayment' },
        'purchase.retry': { target: 'SELECT_PRODUCT', actions: 'forgetPayment' },
      },
    },
  },
});
