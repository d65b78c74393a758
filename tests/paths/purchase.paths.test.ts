import { amountEntryMachine } from '../../machines/amount-entry/amount-entry.machine';
import type { Menu } from '../../machines/menu/menu.types';
import { applePayMachine } from '../../machines/payment/apple-pay.machine';
import { bitMachine } from '../../machines/payment/bit.machine';
import { cardFieldsMachine } from '../../machines/payment/card-fields.machine';
import { cardScanMachine } from '../../machines/payment/card-scan.machine';
import { googlePayMachine } from '../../machines/payment/google-pay.machine';
import { hostedPageMachine } from '../../machines/payment/hosted-page.machine';
import type { PaymentResult } from '../../machines/payment/payment.types';
import { stripeMachine } from '../../machines/payment/stripe.machine';
import { purchaseMachine, type SetPurchaseInput } from '../../machines/purchase/purchase.machine';
import type {
  OrderSource,
  PaymentMethod,
  PurchaseContext,
  PurchaseEvent,
  PurchaseSettings,
  ReturnedPaymentStatus,
} from '../../machines/purchase/purchase.types';
import { ApiError } from '../../machines/shared/api-failure';
import { vacuumMachine } from '../../machines/vacuum/vacuum.machine';
import { allMethodsConfig, gridMenu, listMenu, makeMenu, priceInputMenu, quantityMenu } from '../fixtures/menus';
import { bitStatus, purchaseInput, returnedFromBit } from '../fixtures/purchases';
import { idleMachine, pendingPromise, standInFor } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, type PathScenario } from './edge-coverage';

/**
 * The spawned keypad, the set_purchase call and the payment methods' machines are stand-ins: only
 * the purchase's own edges are walked. Each method's ending is sent as its done event.
 */
const machine = purchaseMachine.provide({
  actors: {
    amountEntry: standInFor(amountEntryMachine, idleMachine('amountEntry')),
    vacuum: standInFor(vacuumMachine, idleMachine('vacuum')),
    setPurchase: pendingPromise<string, SetPurchaseInput>(),
    googlePay: standInFor(googlePayMachine, idleMachine('googlePay')),
    applePay: standInFor(applePayMachine, idleMachine('applePay')),
    cardFields: standInFor(cardFieldsMachine, idleMachine('cardFields')),
    hostedPage: standInFor(hostedPageMachine, idleMachine('hostedPage')),
    stripe: standInFor(stripeMachine, idleMachine('stripe')),
    cardScan: standInFor(cardScanMachine, idleMachine('cardScan')),
    bit: standInFor(bitMachine, idleMachine('bit')),
    checkReturnedPayment: pendingPromise<ReturnedPaymentStatus, { machineId: string; transactionId: string }>(),
  },
  actions: { rememberPurchase: () => {}, storeInHistory: () => {} },
});

const PAYMENT_MACHINE_IDS = ['googlePay', 'applePay', 'cardFields', 'hostedPage', 'stripe', 'cardScan', 'bit'];

/** Every way a method's machine ends: each branch of paymentEndedWith. */
const RESULTS: PaymentResult[] = [
  { outcome: 'succeeded', transactionId: 'tx-1', message: 'Approved' },
  { outcome: 'failed', transactionId: 'tx-2', message: 'Declined', code: 51 },
  { outcome: 'cancelled' },
  { outcome: 'abandoned' },
];

/** Quantities 1..3 reach both quantity edges; the traversal stops adding there. */
const MAX_WALKED_QUANTITY = 3;

type InternalEvent = { type: `xstate.${string}`; output?: unknown; error?: unknown };

interface ScenarioOptions {
  label: string;
  menu: Menu;
  settings?: Partial<PurchaseSettings>;
  /** The methods offered to method.select; the traversal tries each. */
  methods: PaymentMethod[];
  /** Whether products, quantities and amounts are walked (the product-view scenarios). */
  walkProducts: boolean;
}

function scenario({ label, menu, settings = {}, methods, walkProducts }: ScenarioOptions): PathScenario {
  return {
    label,
    input: purchaseInput(menu, settings),
    events: (snapshot) => {
      const context = snapshot.context as PurchaseContext;
      const events: (PurchaseEvent | InternalEvent)[] = [
        { type: 'purchase.continue' },
        { type: 'xstate.done.actor.setPurchase', output: 'session-1' },
        { type: 'xstate.error.actor.setPurchase', error: new ApiError({ kind: 'http', status: 500 }) },
        ...methods.map((method): PurchaseEvent => ({ type: 'method.select', method })),
        { type: 'method.continue' },
        { type: 'popup.continue' },
        { type: 'popup.cancel' },
        { type: 'drawer.close' },
        ...PAYMENT_MACHINE_IDS.flatMap((id) =>
          RESULTS.map((output): InternalEvent => ({ type: `xstate.done.actor.${id}`, output })),
        ),
        { type: 'payment.returned', returned: returnedFromBit },
        // every branch of returnedPaymentIs, a failed status call, the poll and the wait
        ...(['approved', 'pending', 'declined', 'expired'] as const).map((status): InternalEvent => ({
          type: 'xstate.done.actor.checkReturnedPayment',
          output: bitStatus(status),
        })),
        {
          type: 'xstate.error.actor.checkReturnedPayment',
          error: new ApiError({ kind: 'http', status: 502 }),
        },
        { type: 'payment.recheck' },
        // xstate 5.33 names a delayed event `xstate.after.<delay name>.<state id>`
        { type: 'xstate.after.bitStatusPoll.purchase.CheckingReturnedPayment.Polling.Waiting' },
        { type: 'xstate.after.returnedPaymentWait.purchase.CheckingReturnedPayment.Polling' },
        { type: 'history.show' },
        { type: 'history.hide' },
        { type: 'purchase.restart' },
        { type: 'purchase.retry' },
      ];
      const samples = samplesOf(events);
      // available and unavailable products: both branches of productSelectable
      samples['product.select'] = walkProducts
        ? menu.products.map((product) => ({ type: 'product.select', productId: product.id }))
        : [];
      // only the keypad of a PRICE_INPUT menu confirms an amount
      samples['amount.confirmed'] =
        walkProducts && menu.product_view === 'PRICE_INPUT' ? [{ type: 'amount.confirmed', amount: 12.5 }] : [];
      // the vacuum's drawer hands over a product and a span: an available and an unavailable product
      samples['hours.confirmed'] =
        walkProducts && context.orderSource.kind === 'hourly'
          ? menu.products.map((product) => ({ type: 'hours.confirmed', productId: product.id, minutes: 90 }))
          : [];
      samples['quantity.increment'] =
        walkProducts && context.quantity < MAX_WALKED_QUANTITY ? [{ type: 'quantity.increment' }] : [];
      samples['quantity.decrement'] = walkProducts ? [{ type: 'quantity.decrement' }] : [];
      return samples;
    },
    serializeState: (snapshot) => {
      const context = snapshot.context as PurchaseContext;
      return JSON.stringify({
        value: snapshot.value as unknown,
        selectedIds: context.selectedIds,
        quantity: context.quantity,
        customAmount: context.customAmount,
        minutes: context.minutes,
        sessionId: context.sessionId,
        submitFailure: context.submitFailure?.kind,
        method: context.method,
        result: context.result?.outcome,
        // the receipt's time changes with every payment: whether there is one is enough
        receipt: context.receipt?.transactionId ?? (context.receipt ? 'receipt' : undefined),
        returnedPayment: context.returnedPayment?.transactionId,
      });
    },
  };
}

function paymentLink(paymentIntent: string | undefined): OrderSource {
  return {
    kind: 'fixed',
    amount: 42,
    currency: 'ILS',
    label: 'Wheelchair rental',
    deferredPayment: true,
    paymentIntent,
    returnUrls: { success: 'https://merchant.example/ok', failure: 'https://merchant.example/failed' },
  };
}

/** Card entry through Yaad Sarig's hosted payment page instead of Tranzila's fields. */
const yaadSarigMenu = makeMenu({
  frontend_config: { ...allMethodsConfig, credit_card: { enabled: true, type: 'YAAD_SARIG', terminal: 'term-9' } },
});

/** Google Pay, a popup method, and Apple Pay on a browser without it (both branches of methodOffered). */
const FEW_METHODS: PaymentMethod[] = ['google_pay', 'credit_card', 'apple_pay'];

describeEdgePaths({
  machineId: 'purchase',
  machine,
  scenarios: [
    ...[listMenu, gridMenu, quantityMenu, priceInputMenu].map((menu) =>
      scenario({ label: `${menu.product_view} menu`, menu, methods: FEW_METHODS, walkProducts: true }),
    ),
    scenario({
      label: 'every method (Tranzila card fields, Apple Pay available)',
      menu: listMenu,
      settings: { applePayAvailable: true },
      methods: ['google_pay', 'apple_pay', 'stripe', 'credit_card', 'card_scan', 'bit'],
      walkProducts: false,
    }),
    // The page hands over a payment back from Bit: the purchase asks the operator for its verdict.
    scenario({
      label: 'back from Bit',
      menu: listMenu,
      settings: { returnedPayment: returnedFromBit },
      methods: ['google_pay'],
      walkProducts: false,
    }),
    scenario({
      label: 'vacuum: an hourly product and a time span',
      menu: gridMenu,
      settings: { orderSource: { kind: 'hourly', now: '10:00', promotionMember: false } },
      methods: ['google_pay'],
      walkProducts: true,
    }),
    // A payment link: booked with set_purchase, or already held by the operator (its payment intent).
    ...[undefined, 'intent-1'].map((paymentIntent) =>
      scenario({
        label: `payment link ${paymentIntent ? 'with' : 'without'} a payment intent`,
        menu: listMenu,
        settings: { orderSource: paymentLink(paymentIntent) },
        methods: ['google_pay'],
        walkProducts: false,
      }),
    ),
    scenario({
      label: 'card entry on the hosted payment page (Yaad Sarig)',
      menu: yaadSarigMenu,
      methods: ['credit_card'],
      walkProducts: false,
    }),
  ],
});
