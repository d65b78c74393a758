import { amountEntryMachine } from '../../machines/amount-entry/amount-entry.machine';
import type { Menu } from '../../machines/menu/menu.types';
import { applePayMachine } from '../../machines/payment/methods/apple-pay/apple-pay.machine';
import { bitMachine } from '../../machines/payment/methods/bit/bit.machine';
import { deliveryMachine } from '../../machines/delivery/delivery.machine';
import { cardFieldsMachine } from '../../machines/payment/methods/card-fields/card-fields.machine';
import { cardScanMachine } from '../../machines/payment/methods/card-scan/card-scan.machine';
import { googlePayMachine } from '../../machines/payment/methods/google-pay/google-pay.machine';
import { hostedPageMachine } from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { PaymentOrder, PaymentResult } from '../../machines/payment/payment.types';
import { stripeMachine } from '../../machines/payment/methods/stripe/stripe.machine';
import {
  METHOD_ENDINGS,
  purchaseMachine,
  type MethodActor,
  type BookPaymentLinkInput,
  type SetPurchaseInput,
} from '../../machines/purchase/purchase.machine';
// What the views read: the subjects the contract holds to the spec, never the source of what it expects.
import {
  selectCanContinue,
  selectLines,
  selectOfferedMethods,
  selectShownProduct,
  selectTotals,
} from '../../machines/purchase/purchase.selectors';
import type {
  Booking,
  OrderSource,
  PaymentMethod,
  PurchaseContext,
  PurchaseEvent,
  PurchaseSettings,
  ReturnedPaymentStatus,
} from '../../machines/purchase/purchase.types';
import { ApiError } from '../../machines/shared/api-failure';
import { vacuumMachine } from '../../machines/vacuum/vacuum.machine';
import {
  allMethodsConfig,
  gridMenu,
  listMenu,
  makeMenu,
  priceInputMenu,
  soldOutFirstQuantityMenu,
} from '../fixtures/menus';
import { bitStatus, purchaseInput, returnedFromBit } from '../fixtures/purchases';
import { idleMachine, pendingPromise, standInFor } from '../fixtures/stand-ins';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  describeEdgePaths,
  expectTags,
  samplesOf,
  stays,
  to,
  type Expectation,
  type Oracle,
  type PathScenario,
  type InternalEvent,
} from './edge-coverage';
import { cents, specLines, specOfferedMethods, specShownProduct, specTotals } from './purchase-spec';

/**
 * The spawned keypad, the set_purchase call and the payment methods' machines are stand-ins: only
 * the purchase's own edges are walked. Each method's ending is sent as its done event.
 */
const machine = purchaseMachine.provide({
  actors: {
    amountEntry: standInFor(amountEntryMachine, idleMachine('amountEntry')),
    vacuum: standInFor(vacuumMachine, idleMachine('vacuum')),
    setPurchase: pendingPromise<Booking, SetPurchaseInput>(),
    bookPaymentLink: pendingPromise<Booking, BookPaymentLinkInput>(),
    checkGooglePay: pendingPromise<boolean, { order: PaymentOrder }>(),
    googlePay: standInFor(googlePayMachine, idleMachine('googlePay')),
    applePay: standInFor(applePayMachine, idleMachine('applePay')),
    cardFields: standInFor(cardFieldsMachine, idleMachine('cardFields')),
    hostedPage: standInFor(hostedPageMachine, idleMachine('hostedPage')),
    stripe: standInFor(stripeMachine, idleMachine('stripe')),
    cardScan: standInFor(cardScanMachine, idleMachine('cardScan')),
    bit: standInFor(bitMachine, idleMachine('bit')),
    checkReturnedPayment: pendingPromise<ReturnedPaymentStatus, { machineId: string; sessionId: string }>(),
    // The delivery's own edges are its own path test's (delivery.paths.test.ts).
    delivery: standInFor(deliveryMachine, idleMachine('delivery')),
  },
  actions: { rememberPurchase: () => {}, storeInHistory: () => {} },
});

const PAYMENT_MACHINE_IDS: MethodActor[] = [
  'googlePay',
  'applePay',
  'cardFields',
  'hostedPage',
  'stripe',
  'cardScan',
  'bit',
];

/** Every way a method's machine ends: each branch of paymentEndedWith. */
const RESULTS: PaymentResult[] = [
  { outcome: 'succeeded', transactionId: 'tx-1', message: 'Approved' },
  { outcome: 'failed', transactionId: 'tx-2', message: 'Declined', code: 51 },
  // A failure without a verdict (a pay call without an answer): the operator is asked.
  { outcome: 'failed', reason: 'unconfirmed' },
  { outcome: 'cancelled' },
  { outcome: 'abandoned' },
];

/** Only the endings a method's output type has: the others are no edges of the chart. */
/**
 * The methods with an operator's pay call, Stripe's processing intent, and card scan (its frame's word is
 * no verdict): they may end without a verdict.
 */
const WITH_PAY_CALL: readonly MethodActor[] = PAYMENT_MACHINE_IDS.filter((id) => id !== 'bit');

const isUnconfirmed = (result: PaymentResult) => result.outcome === 'failed' && result.reason === 'unconfirmed';

const endsWith = (id: MethodActor, result: PaymentResult) =>
  Object.keys(METHOD_ENDINGS[id]).includes(result.outcome) && (!isUnconfirmed(result) || WITH_PAY_CALL.includes(id));

/** Quantities 1..3 reach both quantity edges; the traversal stops adding there. */
const MAX_WALKED_QUANTITY = 3;

interface ScenarioOptions {
  label: string;
  menu: Menu;
  settings?: Partial<PurchaseSettings>;
  /** The methods offered to method.select; the traversal tries each. */
  methods: PaymentMethod[];
  /** Whether products, quantities and amounts are walked (the product-view scenarios). */
  walkProducts: boolean;
}

/**
 * The operator's pricing, on purpose unlike any menu's (two items at 3.10 + 0.25 fee: 6.70), so the lines and
 * totals shown after booking can only be the operator's.
 */
function operatorBooking(sessionId: string): Booking {
  return {
    sessionId,
    currency: 'ILS',
    lines: [
      {
        productId: 'operator-line',
        name: 'Priced by the operator',
        count: 2,
        unitPrice: 3.1,
        unitFee: 0.25,
        lineTotal: 6.7,
      },
    ],
    totals: { subtotal: 6.2, fees: 0.5, total: 6.7 },
  };
}

function scenario({ label, menu, settings = {}, methods, walkProducts }: ScenarioOptions): PathScenario {
  // The samples no snapshot changes, made once: the traversal asks for the events of every snapshot it meets.
  const everywhere = samplesOf<PurchaseEvent | InternalEvent>([
    { type: 'purchase.continue' },
    { type: 'xstate.done.actor.setPurchase', output: operatorBooking('session-1') },
    { type: 'xstate.error.actor.setPurchase', error: new ApiError({ kind: 'http', status: 500 }) },
    // The operator woke the machine and it did not answer in time.
    {
      type: 'xstate.error.actor.setPurchase',
      error: new ApiError({ kind: 'http', status: 504, code: 'machine_not_responding' }),
    },
    { type: 'xstate.done.actor.bookPaymentLink', output: operatorBooking('session-2') },
    { type: 'xstate.error.actor.bookPaymentLink', error: new ApiError({ kind: 'http', status: 403 }) },
    // Google's isReadyToPay: ready, not ready, pay.js failing, and no answer within the limit
    { type: 'xstate.done.actor.checkGooglePay', output: true },
    { type: 'xstate.done.actor.checkGooglePay', output: false },
    { type: 'xstate.error.actor.checkGooglePay', error: new Error('pay.js did not load') },
    { type: 'xstate.after.googlePayCheckLimit.purchase.SELECT_PAYMENT_METHOD.CheckingWallets' },
    ...methods.map((method): PurchaseEvent => ({ type: 'method.select', method })),
    { type: 'method.continue' },
    { type: 'popup.continue' },
    { type: 'popup.cancel' },
    { type: 'drawer.close' },
    ...PAYMENT_MACHINE_IDS.flatMap((id) =>
      RESULTS.filter((result) => endsWith(id, result)).map((output): InternalEvent => ({
        type: `xstate.done.actor.${id}`,
        output,
      })),
    ),
    { type: 'payment.returned', returned: returnedFromBit },
    // every branch of returnedPaymentIs, a failed status call, the poll and the wait
    ...(['paid', 'pending', 'not_charged'] as const).map((status): InternalEvent => ({
      type: 'xstate.done.actor.checkReturnedPayment',
      output: bitStatus(status),
    })),
    {
      type: 'xstate.error.actor.checkReturnedPayment',
      error: new ApiError({ kind: 'http', status: 502 }),
    },
    { type: 'payment.recheck' },
    // xstate 5.33 names a delayed event `xstate.after.<delay name>.<state id>`
    { type: 'xstate.after.paymentStatusPoll.purchase.CheckingReturnedPayment.Polling.Waiting' },
    { type: 'xstate.after.returnedPaymentWait.purchase.CheckingReturnedPayment.Polling' },
    { type: 'history.show' },
    { type: 'history.hide' },
    { type: 'purchase.restart' },
    { type: 'purchase.retry' },
  ]);
  return {
    label,
    input: purchaseInput(menu, settings),
    events: (snapshot) => {
      const context = snapshot.context as PurchaseContext;
      const samples = { ...everywhere };
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
        booking: context.booking?.sessionId,
        submitFailure: context.submitFailure?.kind,
        method: context.method,
        result: context.result?.outcome,
        // the receipt's time changes with every payment: whether there is one is enough
        receipt: context.receipt?.transactionId ?? (context.receipt ? 'receipt' : undefined),
        returnedPayment: context.returnedPayment?.sessionId,
        googlePayReady: context.googlePayReady,
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
    signedQuery: 'machineId=machine-7&totalPrice=42.00&signature=00ff',
    returnUrls: { success: 'https://merchant.example/ok', failure: 'https://merchant.example/failed' },
  };
}

/** Card entry through Yaad Sarig's hosted payment page instead of Tranzila's fields. */
const yaadSarigMenu = makeMenu({
  frontend_config: { ...allMethodsConfig, credit_card: { enabled: true, type: 'YAAD_SARIG', terminal: 'term-9' } },
});

/** Google Pay, a popup method, and Apple Pay on a browser without it (both branches of methodOffered). */
const FEW_METHODS: PaymentMethod[] = ['google_pay', 'credit_card', 'apple_pay'];

// ---------------------------------------------------------------------------------------------
// The oracle, from requirements.md (§2 product views and methods, §4 stages, §5 fees; tests/paths/purchase-spec.ts):
// never read from the chart or its selectors.

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PurchaseContext;

/** requirements.md §4: which step each method runs; card entry is Tranzila's fields or Yaad Sarig's hosted page. */
function pendingStep({ method, menu }: PurchaseContext): { INIT_METHOD_PENDING: string } | undefined {
  const card = menu.frontend_config.credit_card?.type === 'YAAD_SARIG' ? 'HostedPage' : 'CardFields';
  const steps: Record<PaymentMethod, string> = {
    google_pay: 'GooglePay',
    apple_pay: 'ApplePay',
    stripe: 'Stripe',
    credit_card: card,
    card_scan: 'CardScan',
    bit: 'Bit',
  };
  return method && { INIT_METHOD_PENDING: steps[method] };
}

/**
 * requirements.md §2: card entry, card scan and Bit explain themselves in a popup first; the wallets and Stripe start
 * at once.
 */
const EXPLAINED: readonly PaymentMethod[] = ['credit_card', 'card_scan', 'bit'];

const CHOOSING = { SELECT_PAYMENT_METHOD: 'ChoosingMethod' };
const CHECKING_WALLETS = { SELECT_PAYMENT_METHOD: 'CheckingWallets' };

/**
 * Once Google's answer is known (or failed), the list opens with the phone's likely wallet chosen:
 * Apple Pay where the menu configures it and the device can pay with it, else Google Pay when configured
 * and ready, else nothing.
 */
function walletsKnown(context: PurchaseContext, googlePayReady: boolean): Expectation {
  const offered = specOfferedMethods({ ...context, googlePayReady });
  const likely = (['apple_pay', 'google_pay'] as const).find((wallet) => offered.includes(wallet));
  return to(CHOOSING, (after) =>
    expect({ googlePayReady: contextOf(after).googlePayReady, method: contextOf(after).method }).toEqual({
      googlePayReady,
      method: likely,
    }),
  );
}
const POLLING = (step: 'Asking' | 'Waiting') => ({ CheckingReturnedPayment: { Polling: step } });

/** Closing the drawer, restarting or retrying: back at the products with no payment left over. */
const backToProducts = (effect?: Expectation['effect']) =>
  to('SELECT_PRODUCT', (after) => {
    const { method, result, receipt, returnedPayment } = contextOf(after);
    expect({ method, result, receipt, returnedPayment }).toEqual({});
    effect?.(after);
  });

/**
 * requirements.md §4: a method's result decides the stage: success page, failure page, the choice again, or the
 * products.
 */
function settled(result: PaymentResult): Expectation {
  const keepsResult = (after: AnyMachineSnapshot) => expect(contextOf(after).result).toEqual(result);
  switch (result.outcome) {
    case 'succeeded':
      return to({ PAYMENT_SUCCESS: 'Summary' }, (after) => {
        keepsResult(after);
        expect(contextOf(after).receipt?.transactionId).toBe(result.transactionId);
      });
    case 'failed':
      // No verdict: the purchase's session is asked about (spec: never a guess).
      return isUnconfirmed(result)
        ? to(POLLING('Asking'), (after) =>
            expect(contextOf(after).returnedPayment?.sessionId).toBe(contextOf(after).sessionId ?? ''),
          )
        : to('PAYMENT_FAILURE', keepsResult);
    case 'cancelled':
      // Back to the choice as it was: Google is not asked again.
      return to(CHOOSING);
    case 'abandoned':
      return backToProducts();
  }
}

function selectionAfter(context: PurchaseContext, productId: Menu['products'][number]['id']) {
  const { menu } = context;
  const product = menu.products.find((candidate) => candidate.id === productId);
  const selectable = context.orderSource.kind === 'menu' && menu.product_view !== 'PRICE_INPUT' && product?.available;
  if (!selectable) return context.selectedIds;
  // requirements.md §2: a multi-product grid toggles a product; every other view holds one product.
  if (menu.product_view !== 'GRID' || !menu.allow_multiple_products) return [productId];
  return context.selectedIds.includes(productId)
    ? context.selectedIds.filter((id) => id !== productId)
    : [...context.selectedIds, productId];
}

/** The spec's "a product is chosen and priced": a menu selection or a payment link's booked line. */
function hasOrder(context: PurchaseContext): boolean {
  if (context.orderSource.kind === 'fixed') return context.menu.products.length > 0;
  return context.orderSource.kind === 'menu' && context.menu.product_view !== 'PRICE_INPUT'
    ? context.selectedIds.length > 0
    : false;
}

function next(before: AnyMachineSnapshot, event: EventObject): Expectation {
  const context = contextOf(before);
  const { orderSource, menu } = context;
  const sample = event as PurchaseEvent | InternalEvent;
  const at = (state: string) => before.matches(state);
  const method = sample.type.match(/^xstate\.done\.actor\.(\w+)$/)?.[1];
  if (method && method in METHOD_ENDINGS && 'output' in sample) return settled(sample.output as PaymentResult);
  switch (sample.type) {
    case 'product.select':
      return stays((after) => expect(contextOf(after).selectedIds).toEqual(selectionAfter(context, sample.productId)));
    case 'quantity.increment':
    case 'quantity.decrement': {
      // requirements.md §2: only the quantity view counts, from 1 to 99.
      const step = sample.type === 'quantity.increment' ? 1 : -1;
      const counted = menu.product_view === 'QUANTITY' && orderSource.kind === 'menu';
      const quantity = counted ? Math.min(99, Math.max(1, context.quantity + step)) : context.quantity;
      return stays((after) => expect(contextOf(after).quantity).toBe(quantity));
    }
    case 'purchase.continue':
      // A payment link with an intent is already booked at the operator: straight to the methods.
      if (orderSource.kind === 'fixed' && orderSource.paymentIntent)
        return to(CHECKING_WALLETS, (after) => expect(contextOf(after).sessionId).toBe(orderSource.paymentIntent));
      if (!hasOrder(context)) return stays();
      // Any other link is booked by its signed address: the operator, not set_purchase, prices it.
      return to(orderSource.kind === 'fixed' ? 'BookingPaymentLink' : 'SubmittingPurchase');
    case 'hours.confirmed': {
      const product = menu.products.find((candidate) => candidate.id === sample.productId);
      if (orderSource.kind !== 'hourly' || !product?.available || product.price <= 0) return stays();
      return to('SubmittingPurchase', (after) =>
        expect(contextOf(after)).toMatchObject({ selectedIds: [sample.productId], minutes: sample.minutes }),
      );
    }
    case 'amount.confirmed':
      if (menu.product_view !== 'PRICE_INPUT' || orderSource.kind !== 'menu') return stays();
      return to('SubmittingPurchase', (after) => expect(contextOf(after).customAmount).toBe(sample.amount));
    case 'payment.returned':
      return to(POLLING('Asking'), (after) => expect(contextOf(after).returnedPayment).toEqual(sample.returned));
    case 'xstate.done.actor.setPurchase':
    case 'xstate.done.actor.bookPaymentLink':
      // Google is asked whether this browser can pay before the list opens.
      return to(CHECKING_WALLETS, (after) =>
        expect(contextOf(after)).toMatchObject({
          sessionId: (sample.output as Booking).sessionId,
          booking: sample.output,
        }),
      );
    case 'xstate.done.actor.checkGooglePay':
      return walletsKnown(context, sample.output === true);
    case 'xstate.error.actor.checkGooglePay':
    case 'xstate.after.googlePayCheckLimit.purchase.SELECT_PAYMENT_METHOD.CheckingWallets':
      return walletsKnown(context, false);
    case 'xstate.error.actor.setPurchase':
    case 'xstate.error.actor.bookPaymentLink': {
      // The issue's own words: a machine that does not answer leaves the visitor on its own screen, nothing booked.
      const failure = (sample.error as ApiError).failure;
      if (sample.type === 'xstate.error.actor.setPurchase' && failure.kind === 'http' && failure.status === 504)
        return to('MachineNotResponding', (after) => expect(contextOf(after).booking).toBeUndefined());
      return to('SELECT_PRODUCT', (after) => expect(contextOf(after).submitFailure).toBeDefined());
    }
    case 'method.select': {
      const chosen = specOfferedMethods(context).includes(sample.method) ? sample.method : context.method;
      return stays((after) => expect(contextOf(after).method).toBe(chosen));
    }
    case 'method.continue': {
      const step = pendingStep(context);
      if (!step || !context.method) return stays();
      return EXPLAINED.includes(context.method) ? to({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' }) : to(step);
    }
    case 'popup.continue': {
      const step = pendingStep(context);
      return step ? to(step) : stays();
    }
    case 'popup.cancel':
      return to(CHOOSING);
    case 'drawer.close':
      // While a method runs, the method decides (its own chart); everywhere else the drawer closes.
      return at('INIT_METHOD_PENDING') || at('SubmittingPurchase') || at('BookingPaymentLink') || at('SELECT_PRODUCT')
        ? stays()
        : backToProducts();
    case 'xstate.done.actor.checkReturnedPayment': {
      const { status, transactionId } = sample.output as ReturnedPaymentStatus;
      if (status === 'pending') return to(POLLING('Waiting'));
      if (status === 'paid')
        return to({ PAYMENT_SUCCESS: 'Summary' }, (after) =>
          expect(contextOf(after).result).toEqual({ outcome: 'succeeded', transactionId }),
        );
      return to('PAYMENT_FAILURE', (after) =>
        expect(contextOf(after).result).toEqual({ outcome: 'failed', reason: 'notCharged', transactionId }),
      );
    }
    case 'xstate.error.actor.checkReturnedPayment':
    case 'xstate.after.returnedPaymentWait.purchase.CheckingReturnedPayment.Polling':
      return to({ CheckingReturnedPayment: 'Unconfirmed' });
    case 'payment.recheck':
    case 'xstate.after.paymentStatusPoll.purchase.CheckingReturnedPayment.Polling.Waiting':
      return to(POLLING('Asking'));
    case 'history.show':
      return to({ PAYMENT_SUCCESS: 'LatestPurchase' });
    case 'history.hide':
      return to({ PAYMENT_SUCCESS: 'Summary' });
    case 'purchase.restart':
      // requirements.md §4: the paid purchase becomes the visitor's latest one.
      return backToProducts((after) => expect(contextOf(after).latestPurchase).toEqual(context.receipt));
    case 'purchase.retry':
      // Not responding: the same choice is booked again.
      return at('MachineNotResponding') ? to('SubmittingPurchase') : backToProducts();
    default:
      throw new Error(`the purchase oracle does not know ${sample.type}`);
  }
}

function contract(snapshot: AnyMachineSnapshot): void {
  const context = contextOf(snapshot);
  expectTags(snapshot, {
    drawerOpen: [
      'CheckingReturnedPayment',
      CHOOSING,
      { SELECT_PAYMENT_METHOD: 'ExplainingMethod' },
      'INIT_METHOD_PENDING',
      'PAYMENT_SUCCESS',
      'PAYMENT_FAILURE',
      'MachineNotResponding',
    ],
    busy: ['SubmittingPurchase', 'BookingPaymentLink', CHECKING_WALLETS, { CheckingReturnedPayment: 'Polling' }],
  });
  // requirements.md §5: the lines the views show and the set_purchase sends, and their totals, as the spec prices them.
  const expectedLines = specLines(context);
  const lines = selectLines(snapshot);
  expect(
    lines.map(({ product, count, unitPrice, unitFee }) => ({
      productId: product.id,
      count,
      price: cents(unitPrice),
      fee: cents(unitFee),
    })),
    'the lines',
  ).toEqual(expectedLines);
  const totals = selectTotals(snapshot);
  expect(
    { subtotal: cents(totals.subtotal), fees: cents(totals.fees), total: cents(totals.total) },
    'the totals',
  ).toEqual(specTotals(expectedLines));
  for (const line of lines) expect(line.unitPrice, 'amounts are never negative').toBeGreaterThanOrEqual(0);
  // requirements.md §2: the methods the drawer offers.
  expect(selectOfferedMethods(snapshot), 'the methods offered').toEqual(specOfferedMethods(context));
  expect(context.quantity).toBeGreaterThanOrEqual(1);
  expect(context.quantity).toBeLessThanOrEqual(99);
  // Only available products are ever selected (requirements.md §2).
  for (const id of context.selectedIds)
    expect(context.menu.products.find((product) => product.id === id)?.available, `product ${String(id)}`).toBe(true);
  // requirements.md §2: SINGLE and QUANTITY hold one product, the menu's first available one, and show the very
  // product the purchase is for, never merely the menu's first.
  const { menu, orderSource } = context;
  if (orderSource.kind === 'menu' && (menu.product_view === 'SINGLE' || menu.product_view === 'QUANTITY')) {
    const first = specShownProduct(menu);
    expect(context.selectedIds, 'the product held').toEqual(first ? [first.id] : []);
    expect(selectShownProduct(snapshot), 'the product shown').toBe(first);
  }
  // requirements.md §4, §5: Continue moves on only from the products, with a product chosen (the keypad and the
  // vacuum's drawer confirm for themselves); a payment link already held by the operator always can.
  const linkHeld = orderSource.kind === 'fixed' && orderSource.paymentIntent !== undefined;
  expect(selectCanContinue(snapshot), 'Continue').toBe(
    snapshot.matches('SELECT_PRODUCT') && (linkHeld || hasOrder(context)),
  );
  // Busy (or a method running): no second set_purchase and no second payment can start.
  if (snapshot.hasTag('busy') || snapshot.matches('INIT_METHOD_PENDING')) {
    expect(snapshot.can({ type: 'method.continue' }) || snapshot.can({ type: 'popup.continue' })).toBe(false);
  }
  if (snapshot.matches('INIT_METHOD_PENDING')) {
    const step = pendingStep(context);
    expect(step && snapshot.matches(step), 'the chosen method runs').toBe(true);
  }
  // Every payment is made in a session the operator holds (requirements.md §6).
  if (snapshot.matches('SELECT_PAYMENT_METHOD') || snapshot.matches('INIT_METHOD_PENDING'))
    expect(context.sessionId).toBeDefined();
  if (snapshot.matches('PAYMENT_SUCCESS')) {
    expect(context.result?.outcome).toBe('succeeded');
    const { receipt } = context;
    expect(receipt).toBeDefined();
    // requirements.md §2: the items at their price without the fee add up to the subtotal; subtotal + service fee =
    // total.
    const amounts = receipt?.items.map((item) => cents(item.amount)) ?? [];
    expect(cents(receipt?.subtotal ?? NaN), 'subtotal = the items').toBe(amounts.reduce((sum, cent) => sum + cent, 0));
    expect(cents(receipt?.total ?? NaN), 'total = subtotal + fee').toBe(
      cents(receipt?.subtotal ?? NaN) + cents(receipt?.serviceFee ?? NaN),
    );
    // Paid here, the items are what is being bought; back from Bit, what was sent there.
    if (context.method)
      expect(amounts, 'the items without their fees').toEqual(expectedLines.map((line) => line.price * line.count));
    // The operator's answer after an interruption names the charge's method; else it is the one chosen here.
    const { transactionId: checkedCharge, method: checkedMethod } = bitStatus('paid');
    expect(receipt?.paidWith, 'the method it was paid with').toBe(
      receipt?.transactionId === checkedCharge ? checkedMethod : context.method,
    );
  }
  if (snapshot.matches('PAYMENT_FAILURE')) expect(context.result?.outcome).toBe('failed');
}

const oracle: Oracle = { next, contract };

describeEdgePaths({
  machineId: 'purchase',
  oracle,
  machine,
  scenarios: [
    ...[listMenu, gridMenu, soldOutFirstQuantityMenu, priceInputMenu].map((menu) =>
      scenario({ label: `${menu.product_view} menu`, menu, methods: FEW_METHODS, walkProducts: true }),
    ),
    scenario({
      label: 'every method (Tranzila card fields, Apple Pay available)',
      menu: listMenu,
      settings: { applePaySupported: true, applePayAvailable: true },
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
