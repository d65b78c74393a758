import { afterEach, describe, it, expect, vi } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  waitFor,
  type AnyActorLogic,
  type AnyActorRef,
  type EventObject,
} from 'xstate';
import type { Menu } from '../../machines/menu/menu.types';
import { applePayMachine } from '../../machines/payment/apple-pay.machine';
import { bitMachine } from '../../machines/payment/bit.machine';
import { cardFieldsMachine } from '../../machines/payment/card-fields.machine';
import { cardScanMachine, type CardScanEvent } from '../../machines/payment/card-scan.machine';
import { googlePayMachine } from '../../machines/payment/google-pay.machine';
import { hostedPageMachine } from '../../machines/payment/hosted-page.machine';
import type { PaymentOrder, PaymentResult } from '../../machines/payment/payment.types';
import { stripeMachine } from '../../machines/payment/stripe.machine';
import {
  METHOD_ENDINGS,
  METHOD_MACHINES,
  purchaseMachine,
  type MethodActor,
  type SetPurchaseInput,
} from '../../machines/purchase/purchase.machine';
import {
  MAX_QUANTITY,
  selectCanContinue,
  selectApplePayUnavailable,
  selectDrawerOpen,
  selectLines,
  selectOfferedMethods,
  selectTotals,
} from '../../machines/purchase/purchase.selectors';
import type { PaymentMethod, PurchaseSettings } from '../../machines/purchase/purchase.types';
import type { Receipt } from '../../machines/purchase/receipt';
import { ApiError } from '../../machines/shared/api-failure';
import {
  allMethodsConfig,
  chips,
  cola,
  googlePayOnlyConfig,
  gridMenu,
  gridSingleMenu,
  listMenu,
  makeMenu,
  priceInputMenu,
  quantityMenu,
  singleMenu,
  water,
} from '../fixtures/menus';
import { earlierPurchase, HOSTED_PAGE, purchaseInput } from '../fixtures/purchases';
import {
  fakePaymentMachine,
  paymentLog,
  standInFor,
  type FakePaymentOptions,
  type FinishPayment,
  type PaymentLog,
} from '../fixtures/stand-ins';

type PaymentMachineId = MethodActor;
const PAYMENT_MACHINE_IDS = Object.keys(METHOD_MACHINES) as PaymentMachineId[];

/** Card entry through Yaad Sarig's hosted payment page instead of Tranzila's fields. */
const yaadSarigMenu = makeMenu({
  frontend_config: { ...allMethodsConfig, credit_card: { enabled: true, type: 'YAAD_SARIG', terminal: 'term-9' } },
});

interface Options extends Partial<PurchaseSettings> {
  /** What the fake POST /api/menu/set_purchase does; resolves with session-1, session-2, … by default. */
  setPurchase?: (input: SetPurchaseInput) => Promise<string>;
  /** How each fake payment machine behaves (by default it runs until the drawer closes). */
  fakes?: Partial<Record<PaymentMachineId, FakePaymentOptions>>;
  /** Real payment machines (with their own fakes) in place of the fake ones. */
  machines?: Partial<Record<PaymentMachineId, AnyActorLogic>>;
  /** Google's isReadyToPay answer for this browser; true by default. */
  checkGooglePay?: () => Promise<boolean>;
  /** A simulated clock for the chart's delays. */
  clock?: SimulatedClock;
}

function startPurchase(
  menu: Menu,
  {
    setPurchase,
    fakes = {},
    machines = {},
    checkGooglePay = () => Promise.resolve(true),
    clock,
    ...settings
  }: Options = {},
) {
  const calls: SetPurchaseInput[] = [];
  const remembered: Receipt[] = [];
  const stored: Receipt[] = [];
  const logs = Object.fromEntries(PAYMENT_MACHINE_IDS.map((id) => [id, paymentLog()])) as Record<
    PaymentMachineId,
    PaymentLog
  >;
  const payment = (id: PaymentMachineId): AnyActorLogic =>
    machines[id] ?? fakePaymentMachine(id, { log: logs[id], ...fakes[id] });
  let sessions = 0;
  const respond = setPurchase ?? (() => Promise.resolve(`session-${String(++sessions)}`));
  const actor = createActor(
    purchaseMachine.provide({
      actors: {
        setPurchase: fromPromise<string, SetPurchaseInput>(({ input }) => {
          calls.push(input);
          return respond(input);
        }),
        checkGooglePay: fromPromise<boolean, { order: PaymentOrder }>(() => checkGooglePay()),
        googlePay: standInFor(googlePayMachine, payment('googlePay')),
        applePay: standInFor(applePayMachine, payment('applePay')),
        cardFields: standInFor(cardFieldsMachine, payment('cardFields')),
        hostedPage: standInFor(hostedPageMachine, payment('hostedPage')),
        stripe: standInFor(stripeMachine, payment('stripe')),
        cardScan: standInFor(cardScanMachine, payment('cardScan')),
        bit: standInFor(bitMachine, payment('bit')),
      },
      actions: {
        rememberPurchase: (_, receipt) => {
          remembered.push(receipt);
        },
        storeInHistory: (_, receipt) => {
          stored.push(receipt);
        },
      },
    }),
    { input: purchaseInput(menu, settings), ...(clock ? { clock } : {}) },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const settle = () => waitFor(actor, (s) => !s.hasTag('busy'));
  /** The running payment machine (a fake unless `machines` gave a real one). */
  const paymentActor = (id: PaymentMachineId): AnyActorRef => {
    const child = snapshot().children[id];
    if (!child) throw new Error(`${id} is not running`);
    return child;
  };
  const finishPayment = (id: PaymentMachineId, result: PaymentResult) => {
    paymentActor(id).send({ type: 'fake.finish', result } satisfies FinishPayment);
  };
  return { actor, calls, remembered, stored, logs, snapshot, settle, paymentActor, finishPayment };
}

type Purchase = ReturnType<typeof startPurchase>;

/** Continue from SELECT_PRODUCT and wait for set_purchase to answer. */
async function continueToMethods(purchase: Purchase) {
  purchase.actor.send({ type: 'purchase.continue' });
  await purchase.settle();
  expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
}

/** Choose the method and continue (through its popup, if it has one). */
function startMethod(purchase: Purchase, method: PaymentMethod) {
  purchase.actor.send({ type: 'method.select', method });
  purchase.actor.send({ type: 'method.continue' });
  if (purchase.snapshot().matches({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' })) {
    purchase.actor.send({ type: 'popup.continue' });
  }
}

/** Continue, choose the method and start it (a fake that ends at once has settled by then). */
async function payWith(purchase: Purchase, method: PaymentMethod) {
  await continueToMethods(purchase);
  startMethod(purchase, method);
}

async function toPending(purchase: Purchase, method: PaymentMethod = 'google_pay') {
  await payWith(purchase, method);
  expect(purchase.snapshot().matches('INIT_METHOD_PENDING')).toBe(true);
}

/** Each method's step in INIT_METHOD_PENDING and the machine it runs (requirements.md §4). */
interface Route {
  method: PaymentMethod;
  state: string;
  machine: PaymentMachineId;
  menu: Menu;
  popup: boolean;
  /** What the method's machine is given besides the order. */
  extraInput: Record<string, unknown>;
}

const ROUTES: Route[] = [
  { method: 'google_pay', state: 'GooglePay', machine: 'googlePay', menu: listMenu, popup: false, extraInput: {} },
  { method: 'apple_pay', state: 'ApplePay', machine: 'applePay', menu: listMenu, popup: false, extraInput: {} },
  { method: 'stripe', state: 'Stripe', machine: 'stripe', menu: listMenu, popup: false, extraInput: {} },
  {
    method: 'credit_card',
    state: 'CardFields',
    machine: 'cardFields',
    menu: listMenu,
    popup: true,
    extraInput: { terminal: 'term-1' },
  },
  {
    method: 'credit_card',
    state: 'HostedPage',
    machine: 'hostedPage',
    menu: yaadSarigMenu,
    popup: true,
    extraInput: { ...HOSTED_PAGE },
  },
  { method: 'card_scan', state: 'CardScan', machine: 'cardScan', menu: listMenu, popup: true, extraInput: {} },
  { method: 'bit', state: 'Bit', machine: 'bit', menu: listMenu, popup: true, extraInput: {} },
];

const routeName = (route: Route) =>
  `${route.method}${route.machine === 'hostedPage' ? ' (Yaad Sarig)' : route.machine === 'cardFields' ? ' (Tranzila)' : ''}`;

/** One cola (12.90 + 2.5 % = 0.32) as every method is told about it (requirements.md §3, §5, §9). */
function colaOrder(menu: Menu, visitorUuid = 'session-1'): PaymentOrder {
  return {
    machineId: 'machine-7',
    visitorUuid,
    lines: [{ product: cola, count: 1, unitPrice: 12.9, unitFee: 0.32, unitTotal: 13.22, lineTotal: 13.22 }],
    total: 13.22,
    currency: 'ILS',
    currencySymbol: '₪',
    countryCode: 'IL',
    customPrice: undefined,
    deferredPayment: false,
    config: menu.frontend_config,
  };
}

const SUCCEEDED: PaymentResult = { outcome: 'succeeded', transactionId: 'tx-9', message: 'Approved' };
const FAILED: PaymentResult = { outcome: 'failed', message: 'Declined', code: 51, transactionId: 'tx-10' };
const CANCELLED: PaymentResult = { outcome: 'cancelled' };
const ABANDONED: PaymentResult = { outcome: 'abandoned' };

const PAID_AT = '2030-05-04T12:34:56.000Z';

afterEach(() => {
  vi.useRealTimers();
});

describe('purchaseMachine', () => {
  describe('SELECT_PRODUCT by product view', () => {
    it('starts in SELECT_PRODUCT with the drawer closed', () => {
      const purchase = startPurchase(listMenu);
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
      expect(selectDrawerOpen(purchase.snapshot())).toBe(false);
    });

    it('LIST preselects the most popular product', () => {
      const purchase = startPurchase(listMenu);
      expect(purchase.snapshot().context.selectedIds).toEqual([water.id]);
      expect(selectCanContinue(purchase.snapshot())).toBe(true);
    });

    it('LIST does not preselect a popular product that is unavailable', () => {
      const purchase = startPurchase(makeMenu({ products: [{ ...chips, is_most_popular: true }, cola] }));
      expect(purchase.snapshot().context.selectedIds).toEqual([]);
    });

    it('LIST: selecting replaces the selection', () => {
      const purchase = startPurchase(listMenu);
      purchase.actor.send({ type: 'product.select', productId: cola.id });
      expect(purchase.snapshot().context.selectedIds).toEqual([cola.id]);
    });

    it('SINGLE preselects the first available product', () => {
      expect(startPurchase(singleMenu).snapshot().context.selectedIds).toEqual([cola.id]);
    });

    it('GRID starts with nothing selected', () => {
      expect(startPurchase(gridMenu).snapshot().context.selectedIds).toEqual([]);
    });

    it('GRID with allow_multiple_products toggles products in and out', () => {
      const purchase = startPurchase(gridMenu);
      purchase.actor.send({ type: 'product.select', productId: cola.id });
      purchase.actor.send({ type: 'product.select', productId: water.id });
      expect(purchase.snapshot().context.selectedIds).toEqual([cola.id, water.id]);
      purchase.actor.send({ type: 'product.select', productId: cola.id });
      expect(purchase.snapshot().context.selectedIds).toEqual([water.id]);
      purchase.actor.send({ type: 'product.select', productId: water.id });
      expect(purchase.snapshot().context.selectedIds).toEqual([]);
      expect(selectCanContinue(purchase.snapshot())).toBe(false);
    });

    it('GRID without allow_multiple_products replaces the selection', () => {
      const purchase = startPurchase(gridSingleMenu);
      purchase.actor.send({ type: 'product.select', productId: cola.id });
      purchase.actor.send({ type: 'product.select', productId: water.id });
      expect(purchase.snapshot().context.selectedIds).toEqual([water.id]);
      purchase.actor.send({ type: 'product.select', productId: water.id });
      expect(purchase.snapshot().context.selectedIds).toEqual([water.id]);
    });

    it('LIST stays single-select even with allow_multiple_products (requirements.md §2: only GRID multi-selects)', () => {
      const purchase = startPurchase({ ...listMenu, allow_multiple_products: true });
      purchase.actor.send({ type: 'product.select', productId: cola.id });
      purchase.actor.send({ type: 'product.select', productId: water.id });
      expect(purchase.snapshot().context.selectedIds).toEqual([water.id]);
    });

    it('an unavailable product cannot be selected', () => {
      for (const menu of [listMenu, gridMenu, gridSingleMenu]) {
        const purchase = startPurchase(menu);
        const before = purchase.snapshot().context.selectedIds;
        expect(purchase.snapshot().can({ type: 'product.select', productId: chips.id })).toBe(false);
        purchase.actor.send({ type: 'product.select', productId: chips.id });
        expect(purchase.snapshot().context.selectedIds).toEqual(before);
      }
    });

    it('an unknown product cannot be selected', () => {
      const purchase = startPurchase(listMenu);
      purchase.actor.send({ type: 'product.select', productId: 'nope' });
      expect(purchase.snapshot().context.selectedIds).toEqual([water.id]);
    });

    it('Continue does nothing with no selection', () => {
      const purchase = startPurchase(gridMenu);
      expect(selectCanContinue(purchase.snapshot())).toBe(false);
      purchase.actor.send({ type: 'purchase.continue' });
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
      expect(purchase.calls).toEqual([]);
    });

    it('Continue with a selection submits the lines and is busy meanwhile', async () => {
      const purchase = startPurchase(gridMenu);
      purchase.actor.send({ type: 'product.select', productId: cola.id });
      purchase.actor.send({ type: 'product.select', productId: water.id });
      purchase.actor.send({ type: 'purchase.continue' });
      expect(purchase.snapshot().value).toBe('SubmittingPurchase');
      expect(purchase.snapshot().hasTag('busy')).toBe(true);
      await purchase.settle();
      expect(purchase.calls).toEqual([
        {
          machineId: 'machine-7',
          lines: [
            { product_id: cola.id, count: 1 },
            { product_id: water.id, count: 1 },
          ],
        },
      ]);
    });
  });

  describe('QUANTITY', () => {
    it('preselects the first available product at quantity 1', () => {
      const purchase = startPurchase(quantityMenu);
      expect(purchase.snapshot().context.selectedIds).toEqual([water.id]);
      expect(purchase.snapshot().context.quantity).toBe(1);
    });

    it('increments and decrements with a minimum of 1', () => {
      const purchase = startPurchase(quantityMenu);
      purchase.actor.send({ type: 'quantity.decrement' });
      expect(purchase.snapshot().context.quantity).toBe(1);
      purchase.actor.send({ type: 'quantity.increment' });
      purchase.actor.send({ type: 'quantity.increment' });
      purchase.actor.send({ type: 'quantity.increment' });
      expect(purchase.snapshot().context.quantity).toBe(4);
      purchase.actor.send({ type: 'quantity.decrement' });
      expect(purchase.snapshot().context.quantity).toBe(3);
      for (let i = 0; i < 5; i++) purchase.actor.send({ type: 'quantity.decrement' });
      expect(purchase.snapshot().context.quantity).toBe(1);
    });

    it(`stops at ${MAX_QUANTITY}`, () => {
      const purchase = startPurchase(quantityMenu);
      for (let i = 0; i < MAX_QUANTITY + 5; i++) purchase.actor.send({ type: 'quantity.increment' });
      expect(purchase.snapshot().context.quantity).toBe(MAX_QUANTITY);
    });

    it('the count multiplies the line and is sent to set_purchase', async () => {
      const purchase = startPurchase(quantityMenu);
      purchase.actor.send({ type: 'quantity.increment' });
      purchase.actor.send({ type: 'quantity.increment' });
      expect(selectLines(purchase.snapshot())).toMatchObject([{ count: 3, unitTotal: 6, lineTotal: 18 }]);
      expect(selectTotals(purchase.snapshot())).toEqual({ subtotal: 15, fees: 3, total: 18 });
      await continueToMethods(purchase);
      expect(purchase.calls).toEqual([{ machineId: 'machine-7', lines: [{ product_id: water.id, count: 3 }] }]);
    });

    it('other product views ignore the quantity buttons', () => {
      const purchase = startPurchase(listMenu);
      purchase.actor.send({ type: 'quantity.increment' });
      expect(purchase.snapshot().context.quantity).toBe(1);
    });
  });

  describe('PRICE_INPUT', () => {
    it('spawns the keypad and selects nothing; Continue alone does nothing', () => {
      const purchase = startPurchase(priceInputMenu);
      expect(purchase.snapshot().context.amountEntry).toBeDefined();
      // It is also the child the machine's types name `amountEntry`.
      expect(purchase.snapshot().children.amountEntry).toBe(purchase.snapshot().context.amountEntry);
      expect(purchase.snapshot().context.selectedIds).toEqual([]);
      purchase.actor.send({ type: 'purchase.continue' });
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
    });

    it('other views have no keypad', () => {
      expect(startPurchase(listMenu).snapshot().context.amountEntry).toBeUndefined();
    });

    it('a confirmed amount submits with custom_price in the request lines', async () => {
      const purchase = startPurchase(priceInputMenu);
      const keypad = purchase.snapshot().context.amountEntry;
      if (!keypad) throw new Error('no keypad');
      keypad.send({ type: 'amount.digit', digit: '1' });
      keypad.send({ type: 'amount.digit', digit: '2' });
      keypad.send({ type: 'amount.decimalPoint' });
      keypad.send({ type: 'amount.digit', digit: '5' });
      keypad.send({ type: 'amount.confirm' });
      expect(purchase.snapshot().value).toBe('SubmittingPurchase');
      expect(purchase.snapshot().context.customAmount).toBe(12.5);
      expect(selectTotals(purchase.snapshot())).toEqual({ subtotal: 12.5, fees: 1.25, total: 13.75 });
      await purchase.settle();
      expect(purchase.calls).toEqual([
        { machineId: 'machine-7', lines: [{ product_id: 'custom-9', count: 1, custom_price: 12.5 }] },
      ]);
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
    });

    it('confirming 0 stays on the keypad', () => {
      const purchase = startPurchase(priceInputMenu);
      purchase.snapshot().context.amountEntry?.send({ type: 'amount.confirm' });
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
      expect(purchase.snapshot().context.amountEntry?.getSnapshot().value).toEqual({ Zero: 'BelowMinimum' });
      expect(purchase.calls).toEqual([]);
    });

    it('ignores a confirmed amount when the menu has no product', () => {
      const purchase = startPurchase(makeMenu({ product_view: 'PRICE_INPUT', products: [] }));
      purchase.actor.send({ type: 'amount.confirmed', amount: 5 });
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
    });
  });

  describe('set_purchase answer', () => {
    it('success opens SELECT_PAYMENT_METHOD with the session id', async () => {
      const purchase = startPurchase(listMenu, { setPurchase: () => Promise.resolve('session-42') });
      await continueToMethods(purchase);
      expect(purchase.snapshot().context.sessionId).toBe('session-42');
      expect(selectDrawerOpen(purchase.snapshot())).toBe(true);
      expect(purchase.snapshot().matches('SELECT_PAYMENT_METHOD')).toBe(true);
    });

    it('failure returns to SELECT_PRODUCT with the typed failure, keeping the selection', async () => {
      const purchase = startPurchase(listMenu, {
        setPurchase: () => Promise.reject(new ApiError({ kind: 'http', status: 500, message: 'boom' })),
      });
      purchase.actor.send({ type: 'purchase.continue' });
      await purchase.settle();
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
      expect(purchase.snapshot().context.submitFailure).toEqual({ kind: 'http', status: 500, message: 'boom' });
      expect(purchase.snapshot().context.selectedIds).toEqual([water.id]);
      expect(purchase.snapshot().context.sessionId).toBeUndefined();
    });

    it('a failure that is not an ApiError becomes invalid-answer', async () => {
      const purchase = startPurchase(listMenu, {
        setPurchase: () => Promise.reject(new TypeError('bad json')),
      });
      purchase.actor.send({ type: 'purchase.continue' });
      await purchase.settle();
      expect(purchase.snapshot().context.submitFailure).toEqual({
        kind: 'invalid-answer',
        detail: 'TypeError: bad json',
      });
    });

    it('selecting a product or continuing again clears the failure', async () => {
      let attempt = 0;
      const purchase = startPurchase(listMenu, {
        setPurchase: () => {
          attempt += 1;
          return attempt === 1 ? Promise.reject(new ApiError({ kind: 'offline' })) : Promise.resolve('session-2');
        },
      });
      purchase.actor.send({ type: 'purchase.continue' });
      await purchase.settle();
      expect(purchase.snapshot().context.submitFailure).toEqual({ kind: 'offline' });
      purchase.actor.send({ type: 'purchase.continue' });
      expect(purchase.snapshot().context.submitFailure).toBeUndefined();
      await purchase.settle();
      expect(purchase.snapshot().context.sessionId).toBe('session-2');

      const other = startPurchase(listMenu, {
        setPurchase: () => Promise.reject(new ApiError({ kind: 'timeout' })),
      });
      other.actor.send({ type: 'purchase.continue' });
      await other.settle();
      other.actor.send({ type: 'product.select', productId: cola.id });
      expect(other.snapshot().context.submitFailure).toBeUndefined();
    });
  });

  describe('rememberPurchase (pay_data) once set_purchase has answered', () => {
    it('keeps the receipt of what is being bought: items, subtotal, fee, total, and no method yet', async () => {
      const purchase = startPurchase(gridMenu);
      purchase.actor.send({ type: 'product.select', productId: cola.id });
      purchase.actor.send({ type: 'product.select', productId: water.id });
      purchase.actor.send({ type: 'purchase.continue' });
      expect(purchase.remembered).toEqual([]);
      await purchase.settle();
      expect(purchase.remembered).toEqual([
        {
          machineId: 'machine-7',
          items: [
            { name: 'Cola', price: 13.22, symbol: '₪', count: 1, amount: 12.9 },
            { name: 'Water', price: 6, symbol: '₪', count: 1, amount: 5 },
          ],
          subtotal: 17.9,
          serviceFee: 1.32,
          total: 19.22,
          currencySymbol: '₪',
        },
      ]);
    });

    it('counts the quantity and the typed amount', async () => {
      const quantity = startPurchase(quantityMenu);
      quantity.actor.send({ type: 'quantity.increment' });
      await continueToMethods(quantity);
      expect(quantity.remembered).toMatchObject([
        { items: [{ name: 'Water', price: 6, count: 2, amount: 10 }], subtotal: 10, serviceFee: 2, total: 12 },
      ]);

      const typed = startPurchase(priceInputMenu);
      typed.actor.send({ type: 'amount.confirmed', amount: 12.5 });
      await typed.settle();
      expect(typed.remembered).toMatchObject([
        {
          items: [{ name: 'Pay any amount', price: 13.75, count: 1, amount: 12.5 }],
          subtotal: 12.5,
          serviceFee: 1.25,
          total: 13.75,
        },
      ]);
    });

    it('is not called when set_purchase fails, and again for every new purchase', async () => {
      const failing = startPurchase(listMenu, { setPurchase: () => Promise.reject(new ApiError({ kind: 'offline' })) });
      failing.actor.send({ type: 'purchase.continue' });
      await failing.settle();
      expect(failing.remembered).toEqual([]);

      const purchase = startPurchase(listMenu);
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'drawer.close' });
      purchase.actor.send({ type: 'product.select', productId: cola.id });
      await continueToMethods(purchase);
      expect(purchase.remembered.map((receipt) => receipt.items[0]?.name)).toEqual(['Water', 'Cola']);
    });
  });

  describe('the phone’s likely wallet (issue 21): checked before the list opens, then preselected', () => {
    const APPLE_PAY_HERE = { applePaySupported: true, applePayAvailable: true };
    const ready = (answer: boolean) => () => Promise.resolve(answer);

    it('Google Pay ready and no Apple Pay: Google Pay offered and preselected', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: ready(true) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).toContain('google_pay');
      expect(purchase.snapshot().context.method).toBe('google_pay');
      expect(purchase.snapshot().can({ type: 'method.continue' })).toBe(true);
    });

    it('Apple Pay can pay here: Apple Pay preselected, Google Pay still offered', async () => {
      const purchase = startPurchase(listMenu, { ...APPLE_PAY_HERE, checkGooglePay: ready(true) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).toEqual(expect.arrayContaining(['google_pay', 'apple_pay']));
      expect(purchase.snapshot().context.method).toBe('apple_pay');
    });

    it('Apple Pay can pay here and Google Pay is not ready: Apple Pay preselected, Google Pay not offered', async () => {
      const purchase = startPurchase(listMenu, { ...APPLE_PAY_HERE, checkGooglePay: ready(false) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('google_pay');
      expect(purchase.snapshot().context.method).toBe('apple_pay');
    });

    it('an Apple device without a usable card: Google Pay preselected, the spec’s Apple Pay message', async () => {
      const purchase = startPurchase(listMenu, {
        applePaySupported: true,
        applePayAvailable: false,
        checkGooglePay: ready(true),
      });
      await continueToMethods(purchase);
      expect(purchase.snapshot().context.method).toBe('google_pay');
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('apple_pay');
      expect(selectApplePayUnavailable(purchase.snapshot())).toBe(true);
    });

    it('a browser without Apple Pay (Android, Chrome): Apple Pay neither offered nor announced', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: ready(true) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('apple_pay');
      expect(selectApplePayUnavailable(purchase.snapshot())).toBe(false);
    });

    it('isReadyToPay false: Google Pay not offered, nothing preselected, Continue dimmed', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: ready(false) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('google_pay');
      expect(purchase.snapshot().context.method).toBeUndefined();
      expect(purchase.snapshot().can({ type: 'method.continue' })).toBe(false);
      purchase.actor.send({ type: 'method.select', method: 'google_pay' });
      expect(purchase.snapshot().context.method, 'not selectable either').toBeUndefined();
    });

    it('Google’s check fails (pay.js does not load): as not ready', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: () => Promise.reject(new Error('pay.js 404')) });
      await continueToMethods(purchase);
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('google_pay');
      expect(purchase.snapshot().context.method).toBeUndefined();
    });

    it('Google does not answer: after 4 s the list opens without Google Pay; until then the drawer stays shut', async () => {
      const clock = new SimulatedClock();
      const purchase = startPurchase(listMenu, { checkGooglePay: () => new Promise<boolean>(() => {}), clock });
      purchase.actor.send({ type: 'purchase.continue' });
      await waitFor(purchase.actor, (s) => s.matches({ SELECT_PAYMENT_METHOD: 'CheckingWallets' }));
      expect(purchase.snapshot().hasTag('busy')).toBe(true);
      expect(purchase.snapshot().hasTag('drawerOpen')).toBe(false);
      clock.increment(3999);
      expect(purchase.snapshot().matches({ SELECT_PAYMENT_METHOD: 'CheckingWallets' })).toBe(true);
      clock.increment(1);
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
      expect(purchase.snapshot().hasTag('drawerOpen')).toBe(true);
      expect(selectOfferedMethods(purchase.snapshot())).not.toContain('google_pay');
    });

    it('the visitor can change the preselection, and Continue starts the one chosen', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: ready(true) });
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'method.select', method: 'card_scan' });
      purchase.actor.send({ type: 'method.continue' });
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' });
      expect(purchase.snapshot().context.method).toBe('card_scan');
    });

    it('Google is asked once per page: a cancelled step comes back to the choice without asking again', async () => {
      const checkGooglePay = vi.fn(ready(true));
      const purchase = startPurchase(listMenu, { checkGooglePay });
      await continueToMethods(purchase);
      startMethod(purchase, 'card_scan');
      purchase.finishPayment('cardScan', { outcome: 'cancelled' });
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
      expect(purchase.snapshot().context.method, 'the visitor’s choice is kept').toBe('card_scan');
      expect(checkGooglePay).toHaveBeenCalledTimes(1);
    });
  });

  describe('SELECT_PAYMENT_METHOD', () => {
    it('method.select accepts only offered methods', async () => {
      const purchase = startPurchase(listMenu, {
        applePayAvailable: false,
        checkGooglePay: () => Promise.resolve(false),
      });
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'method.select', method: 'apple_pay' });
      expect(purchase.snapshot().context.method).toBeUndefined();
      purchase.actor.send({ type: 'method.select', method: 'bit' });
      expect(purchase.snapshot().context.method).toBe('bit');
      purchase.actor.send({ type: 'method.select', method: 'apple_pay' });
      expect(purchase.snapshot().context.method).toBe('bit');
    });

    it('Apple Pay is accepted when the browser supports it', async () => {
      const purchase = startPurchase(listMenu, { applePayAvailable: true });
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'method.select', method: 'apple_pay' });
      expect(purchase.snapshot().context.method).toBe('apple_pay');
    });

    it('card fields and Bit are refused when not configured (STRIP card, Bit disabled, no Stripe key)', async () => {
      const purchase = startPurchase(makeMenu({ frontend_config: googlePayOnlyConfig }));
      await continueToMethods(purchase);
      // Google Pay, ready here, is preselected; each refused method leaves it chosen.
      expect(purchase.snapshot().context.method).toBe('google_pay');
      for (const method of ['credit_card', 'card_scan', 'bit', 'stripe', 'apple_pay'] as const) {
        purchase.actor.send({ type: 'method.select', method });
        expect(purchase.snapshot().context.method).toBe('google_pay');
      }
    });

    it('method.continue without a method does nothing', async () => {
      const purchase = startPurchase(listMenu, { checkGooglePay: () => Promise.resolve(false) });
      await continueToMethods(purchase);
      expect(purchase.snapshot().context.method).toBeUndefined();
      purchase.actor.send({ type: 'method.continue' });
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
    });

    for (const method of ['credit_card', 'card_scan', 'bit'] as const) {
      it(`${method}: the popup explains first and starts nothing; cancel goes back to the choice`, async () => {
        const purchase = startPurchase(listMenu);
        await continueToMethods(purchase);
        purchase.actor.send({ type: 'method.select', method });
        purchase.actor.send({ type: 'method.continue' });
        expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' });
        expect(Object.keys(purchase.snapshot().children)).toEqual([]);
        purchase.actor.send({ type: 'popup.cancel' });
        expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
        expect(purchase.snapshot().context.method).toBe(method);
        expect(Object.values(purchase.logs).flatMap((log) => log.inputs)).toEqual([]);
      });
    }

    it('the popup does not react to method events', async () => {
      const purchase = startPurchase(listMenu);
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'method.select', method: 'credit_card' });
      purchase.actor.send({ type: 'method.continue' });
      purchase.actor.send({ type: 'method.select', method: 'google_pay' });
      expect(purchase.snapshot().context.method).toBe('credit_card');
    });
  });

  describe('INIT_METHOD_PENDING runs the chosen method with the order', () => {
    for (const route of ROUTES) {
      it(`${routeName(route)}: ${route.popup ? 'the popup’s Continue' : 'Continue'} starts ${route.state} with the cola order`, async () => {
        const purchase = startPurchase(route.menu, { applePayAvailable: true });
        purchase.actor.send({ type: 'product.select', productId: cola.id });
        await continueToMethods(purchase);
        purchase.actor.send({ type: 'method.select', method: route.method });
        purchase.actor.send({ type: 'method.continue' });
        if (route.popup) {
          expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' });
          purchase.actor.send({ type: 'popup.continue' });
        }

        expect(purchase.snapshot().value).toEqual({ INIT_METHOD_PENDING: route.state });
        expect(selectDrawerOpen(purchase.snapshot())).toBe(true);
        // Only the chosen method runs, once, told the total, the currency and who pays (the session id).
        expect(Object.keys(purchase.snapshot().children)).toEqual([route.machine]);
        expect(purchase.logs[route.machine].inputs).toEqual([{ order: colaOrder(route.menu), ...route.extraInput }]);
        for (const other of PAYMENT_MACHINE_IDS.filter((id) => id !== route.machine)) {
          expect(purchase.logs[other].inputs, other).toEqual([]);
        }
      });
    }

    it('card scan runs the scan whatever the card processor (Yaad Sarig here)', async () => {
      const purchase = startPurchase(yaadSarigMenu);
      await toPending(purchase, 'card_scan');
      expect(purchase.snapshot().value).toEqual({ INIT_METHOD_PENDING: 'CardScan' });
      expect(purchase.logs.hostedPage.inputs).toEqual([]);
    });

    it('a typed amount reaches the method as the custom price, fee included in the total', async () => {
      const purchase = startPurchase(priceInputMenu);
      purchase.actor.send({ type: 'amount.confirmed', amount: 12.5 });
      await purchase.settle();
      startMethod(purchase, 'google_pay');
      expect(purchase.logs.googlePay.inputs).toMatchObject([
        {
          order: {
            visitorUuid: 'session-1',
            total: 13.75,
            customPrice: 12.5,
            currency: 'ILS',
            lines: [{ count: 1, unitPrice: 12.5, unitFee: 1.25, unitTotal: 13.75 }],
          },
        },
      ]);
    });

    it('a quantity multiplies the total the method charges', async () => {
      const purchase = startPurchase(quantityMenu);
      purchase.actor.send({ type: 'quantity.increment' });
      purchase.actor.send({ type: 'quantity.increment' });
      await toPending(purchase, 'credit_card');
      expect(purchase.logs.cardFields.inputs).toMatchObject([{ order: { total: 18, lines: [{ count: 3 }] } }]);
    });

    it('the visitor uuid is the session id of this purchase, a new one after closing and continuing again', async () => {
      const purchase = startPurchase(listMenu);
      await toPending(purchase, 'google_pay');
      purchase.actor.send({ type: 'drawer.close' });
      await toPending(purchase, 'google_pay');
      expect(purchase.logs.googlePay.inputs).toMatchObject([
        { order: { visitorUuid: 'session-1' } },
        { order: { visitorUuid: 'session-2' } },
      ]);
    });

    it('method and popup events are ignored while the method runs', async () => {
      const purchase = startPurchase(listMenu);
      await toPending(purchase, 'google_pay');
      for (const type of ['method.continue', 'popup.continue', 'popup.cancel', 'purchase.continue'] as const) {
        purchase.actor.send({ type });
      }
      purchase.actor.send({ type: 'method.select', method: 'bit' });
      expect(purchase.snapshot().value).toEqual({ INIT_METHOD_PENDING: 'GooglePay' });
      expect(purchase.snapshot().context.method).toBe('google_pay');
      expect(purchase.logs.googlePay.inputs).toHaveLength(1);
    });
  });

  describe("the method's result picks the next stage", () => {
    const outcomes: { result: PaymentResult; stage: unknown }[] = [
      { result: SUCCEEDED, stage: { PAYMENT_SUCCESS: 'Summary' } },
      { result: FAILED, stage: 'PAYMENT_FAILURE' },
      { result: CANCELLED, stage: { SELECT_PAYMENT_METHOD: 'ChoosingMethod' } },
      { result: ABANDONED, stage: 'SELECT_PRODUCT' },
    ];

    /** Only the endings the method's output type has: the others are no edges of the chart. */
    const canEnd = (route: Route, { outcome }: PaymentResult) =>
      Object.keys(METHOD_ENDINGS[route.machine]).includes(outcome);

    for (const route of ROUTES) {
      for (const { result, stage } of outcomes.filter(({ result }) => canEnd(route, result))) {
        it(`${route.state} ${result.outcome} -> ${JSON.stringify(stage)}`, async () => {
          const purchase = startPurchase(route.menu, {
            applePayAvailable: true,
            fakes: { [route.machine]: { endsWith: result } },
          });
          await payWith(purchase, route.method);
          expect(purchase.snapshot().value).toEqual(stage);
          expect(purchase.snapshot().children[route.machine]).toBeUndefined();
        });
      }
    }

    it('succeeded keeps the result and the receipt: items, subtotal, fee, total, transaction, time, method', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(PAID_AT));
      const purchase = startPurchase(gridMenu);
      purchase.actor.send({ type: 'product.select', productId: cola.id });
      purchase.actor.send({ type: 'product.select', productId: water.id });
      await toPending(purchase, 'google_pay');
      purchase.finishPayment('googlePay', SUCCEEDED);

      expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
      expect(selectDrawerOpen(purchase.snapshot())).toBe(true);
      expect(purchase.snapshot().context.result).toEqual(SUCCEEDED);
      expect(purchase.snapshot().context.receipt).toEqual({
        machineId: 'machine-7',
        items: [
          { name: 'Cola', price: 13.22, symbol: '₪', count: 1, amount: 12.9 },
          { name: 'Water', price: 6, symbol: '₪', count: 1, amount: 5 },
        ],
        subtotal: 17.9,
        serviceFee: 1.32,
        total: 19.22,
        currencySymbol: '₪',
        transactionId: 'tx-9',
        paidAt: PAID_AT,
        paidWith: 'google_pay',
      });
      // Nothing is stored in the history until the visitor leaves the success page.
      expect(purchase.stored).toEqual([]);
    });

    it('a success without a transaction id keeps the receipt without one', async () => {
      const purchase = startPurchase(quantityMenu, { fakes: { cardScan: { endsWith: { outcome: 'succeeded' } } } });
      purchase.actor.send({ type: 'quantity.increment' });
      await payWith(purchase, 'card_scan');
      expect(purchase.snapshot().context.receipt).toMatchObject({
        items: [{ name: 'Water', price: 6, count: 2, amount: 10 }],
        total: 12,
        transactionId: undefined,
        paidWith: 'card_scan',
      });
    });

    it('failed keeps the result with its message, code and transaction id', async () => {
      const purchase = startPurchase(listMenu, { fakes: { cardFields: { endsWith: FAILED } } });
      await payWith(purchase, 'credit_card');
      expect(purchase.snapshot().value).toBe('PAYMENT_FAILURE');
      expect(selectDrawerOpen(purchase.snapshot())).toBe(true);
      expect(purchase.snapshot().context.result).toEqual(FAILED);
      expect(purchase.snapshot().context.receipt).toMatchObject({ total: 6, transactionId: 'tx-10' });
    });

    it('cancelled goes back to the methods with the method and the session kept, nothing paid', async () => {
      const purchase = startPurchase(listMenu, { fakes: { cardScan: { endsWith: CANCELLED } } });
      await payWith(purchase, 'card_scan');
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
      expect(purchase.snapshot().context).toMatchObject({
        method: 'card_scan',
        sessionId: 'session-1',
        result: undefined,
        receipt: undefined,
      });
      // Another method starts on the same session, without a second set_purchase.
      startMethod(purchase, 'google_pay');
      expect(purchase.logs.googlePay.inputs).toMatchObject([{ order: { visitorUuid: 'session-1' } }]);
      expect(purchase.calls).toHaveLength(1);
    });

    it('abandoned closes the drawer, keeping the selection and forgetting the method', async () => {
      const purchase = startPurchase(quantityMenu, { fakes: { stripe: { endsWith: ABANDONED } } });
      purchase.actor.send({ type: 'quantity.increment' });
      await payWith(purchase, 'stripe');
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
      expect(selectDrawerOpen(purchase.snapshot())).toBe(false);
      expect(purchase.snapshot().context).toMatchObject({
        selectedIds: [water.id],
        quantity: 2,
        method: undefined,
        result: undefined,
        receipt: undefined,
      });
      expect(purchase.stored).toEqual([]);
    });

    it('a method that ends later settles the same way (Bit failing to leave the page)', async () => {
      const purchase = startPurchase(listMenu);
      await toPending(purchase, 'bit');
      expect(purchase.snapshot().value).toEqual({ INIT_METHOD_PENDING: 'Bit' });
      purchase.finishPayment('bit', { outcome: 'failed', reason: 'unavailable' });
      expect(purchase.snapshot().value).toBe('PAYMENT_FAILURE');
      expect(purchase.snapshot().context.result).toEqual({ outcome: 'failed', reason: 'unavailable' });
    });
  });

  describe('drawer.close while a method runs is passed on to it', () => {
    for (const route of ROUTES.filter(({ machine }) => machine !== 'bit')) {
      it(`${route.state}: mid-payment the method keeps running and the drawer stays open`, async () => {
        const purchase = startPurchase(route.menu, {
          applePayAvailable: true,
          fakes: { [route.machine]: { onDrawerClose: 'ignore' } },
        });
        await toPending(purchase, route.method);
        purchase.actor.send({ type: 'drawer.close' });
        expect(purchase.logs[route.machine].received).toEqual([{ type: 'drawer.close' }]);
        expect(purchase.snapshot().value).toEqual({ INIT_METHOD_PENDING: route.state });
        expect(selectDrawerOpen(purchase.snapshot())).toBe(true);

        // The payment it was busy with still counts.
        purchase.finishPayment(route.machine, SUCCEEDED);
        expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
      });

      it(`${route.state}: before paying the method ends as abandoned and the drawer closes`, async () => {
        const purchase = startPurchase(route.menu, { applePayAvailable: true });
        purchase.actor.send({ type: 'product.select', productId: cola.id });
        await toPending(purchase, route.method);
        purchase.actor.send({ type: 'drawer.close' });
        expect(purchase.logs[route.machine].received).toEqual([{ type: 'drawer.close' }]);
        expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
        expect(selectDrawerOpen(purchase.snapshot())).toBe(false);
        expect(purchase.snapshot().context).toMatchObject({ selectedIds: [cola.id], method: undefined });
        expect(purchase.snapshot().children[route.machine]).toBeUndefined();
      });
    }

    it('Bit: closing the drawer while the browser leaves for Bit is passed on (nothing is charged yet)', async () => {
      const purchase = startPurchase(listMenu);
      await toPending(purchase, 'bit');
      purchase.actor.send({ type: 'drawer.close' });
      expect(purchase.logs.bit.received).toEqual([{ type: 'drawer.close' }]);
    });
  });

  describe('with the real method machines', () => {
    /** The real card scan, its scan step answering when the test says so. */
    function realCardScan() {
      const scan: { answer: (event: CardScanEvent) => void } = { answer: () => {} };
      const logic = cardScanMachine.provide({
        actors: {
          listenForScanResult: fromCallback<EventObject, { order: PaymentOrder }, CardScanEvent>(({ sendBack }) => {
            scan.answer = sendBack;
          }),
        },
      });
      return { logic, scan };
    }

    it('card scan approved: PAYMENT_SUCCESS with the transaction of the scan', async () => {
      const { logic, scan } = realCardScan();
      const purchase = startPurchase(listMenu, { machines: { cardScan: logic } });
      await toPending(purchase, 'card_scan');
      scan.answer({ type: 'scan.approved', transactionId: 'scan-tx-1' });
      expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
      expect(purchase.snapshot().context.receipt).toMatchObject({ total: 6, transactionId: 'scan-tx-1' });
    });

    it('card scan cancelled: back to the methods; closed while scanning: back to the products', async () => {
      const first = realCardScan();
      const purchase = startPurchase(listMenu, { machines: { cardScan: first.logic } });
      await toPending(purchase, 'card_scan');
      first.scan.answer({ type: 'scan.cancelled' });
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });

      startMethod(purchase, 'card_scan');
      expect(purchase.snapshot().value).toEqual({ INIT_METHOD_PENDING: 'CardScan' });
      purchase.actor.send({ type: 'drawer.close' });
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
    });

    it('Google Pay still loading: closing the drawer abandons it', async () => {
      const googlePay = googlePayMachine.provide({
        actors: { loadGooglePay: fromPromise<unknown, { order: PaymentOrder }>(() => new Promise(() => {})) },
      });
      const purchase = startPurchase(listMenu, { machines: { googlePay } });
      await toPending(purchase, 'google_pay');
      expect(purchase.paymentActor('googlePay').getSnapshot()).toMatchObject({ value: { Idle: 'LoadingSdk' } });
      purchase.actor.send({ type: 'drawer.close' });
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
    });

    it('card fields that cannot load fail the payment as unavailable', async () => {
      const cardFields = cardFieldsMachine.provide({
        actors: {
          mountCardFields: fromPromise<unknown, { terminal: string }>(() => Promise.reject(new Error('no script'))),
        },
      });
      const purchase = startPurchase(listMenu, { machines: { cardFields } });
      await payWith(purchase, 'credit_card');
      await waitFor(purchase.actor, (s) => s.matches('PAYMENT_FAILURE'));
      expect(purchase.snapshot().context.result).toEqual({ outcome: 'failed', reason: 'unavailable' });
    });

    it('the hosted page succeeds when the operator verifies the return it was given', async () => {
      const verified = vi.fn((_input: unknown) =>
        Promise.resolve({ status: 0, msg: 'Payment approved.', transactionId: 'yaad-7' }),
      );
      const hostedPage = hostedPageMachine.provide({
        actors: {
          fetchPaymentPage: fromPromise(({ input }) =>
            Promise.resolve(`${HOSTED_PAGE.pageOrigin}/p/?order=${input.order.machineId}`),
          ),
          verifyHostedPayment: fromPromise(({ input }) => verified(input)),
        },
      });
      const purchase = startPurchase(yaadSarigMenu, { machines: { hostedPage } });
      await toPending(purchase, 'credit_card');
      const page = purchase.paymentActor('hostedPage');
      await waitFor(page, (s: { hasTag: (tag: string) => boolean }) => s.hasTag('processing'));
      page.send({ type: 'frame.loaded', url: `${HOSTED_PAGE.returnUrl}?Id=yaad-7&CCode=0` });
      await waitFor(purchase.actor, (s) => s.matches('PAYMENT_SUCCESS'));
      expect(verified).toHaveBeenCalledWith({
        order: expect.anything() as unknown,
        returned: { Id: 'yaad-7', CCode: '0' },
        attemptKey: expect.any(String) as unknown,
      });
      expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
      expect(purchase.snapshot().context.receipt).toMatchObject({ transactionId: 'yaad-7' });
    });
  });

  describe('PAYMENT_SUCCESS', () => {
    async function paid(options: Options = {}) {
      const purchase = startPurchase(listMenu, { fakes: { googlePay: { endsWith: SUCCEEDED } }, ...options });
      purchase.actor.send({ type: 'product.select', productId: cola.id });
      await payWith(purchase, 'google_pay');
      expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
      return purchase;
    }

    it('history.show and history.hide toggle the latest purchase, kept from the input', async () => {
      const purchase = await paid({ latestPurchase: earlierPurchase });
      expect(purchase.snapshot().context.latestPurchase).toEqual(earlierPurchase);
      purchase.actor.send({ type: 'history.hide' });
      expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
      purchase.actor.send({ type: 'history.show' });
      expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'LatestPurchase' });
      expect(selectDrawerOpen(purchase.snapshot())).toBe(true);
      purchase.actor.send({ type: 'history.show' });
      expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'LatestPurchase' });
      purchase.actor.send({ type: 'history.hide' });
      expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
    });

    it('history.show is ignored outside the success page', async () => {
      const purchase = startPurchase(listMenu, { latestPurchase: earlierPurchase });
      purchase.actor.send({ type: 'history.show' });
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'history.show' });
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
    });

    for (const type of ['purchase.restart', 'drawer.close'] as const) {
      for (const from of ['Summary', 'LatestPurchase'] as const) {
        it(`${type} from ${from} stores the receipt in the history and returns to the products`, async () => {
          const purchase = await paid();
          if (from === 'LatestPurchase') purchase.actor.send({ type: 'history.show' });
          const receipt = purchase.snapshot().context.receipt;
          expect(receipt).toMatchObject({ items: [{ name: 'Cola', price: 13.22 }], transactionId: 'tx-9' });

          purchase.actor.send({ type });
          expect(purchase.stored).toEqual([receipt]);
          expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
          expect(selectDrawerOpen(purchase.snapshot())).toBe(false);
          expect(purchase.snapshot().context).toMatchObject({
            selectedIds: [cola.id],
            method: undefined,
            result: undefined,
            receipt: undefined,
          });
        });
      }
    }

    it('the next purchase is a new one, stored separately', async () => {
      const purchase = await paid();
      purchase.actor.send({ type: 'purchase.restart' });
      purchase.actor.send({ type: 'product.select', productId: water.id });
      await payWith(purchase, 'google_pay');
      purchase.actor.send({ type: 'drawer.close' });
      expect(purchase.calls).toHaveLength(2);
      expect(purchase.stored.map((receipt) => [receipt.items[0]?.name, receipt.total])).toEqual([
        ['Cola', 13.22],
        ['Water', 6],
      ]);
    });

    for (const [type, how] of [
      ['purchase.restart', '"Make more purchases"'],
      ['drawer.close', 'the drawer closed on the success page'],
    ] as const) {
      it(`after ${how}, the latest purchase is the one just made`, async () => {
        const purchase = await paid({ latestPurchase: earlierPurchase });
        const first = purchase.snapshot().context.receipt;
        purchase.actor.send({ type });
        await payWith(purchase, 'google_pay');
        purchase.actor.send({ type: 'history.show' });
        // The first purchase of this visit was stored in the history: it is the latest one now.
        expect(purchase.snapshot().context.latestPurchase).toEqual(first);
      });
    }

    it('purchase.retry is only offered after a failure', async () => {
      const purchase = await paid();
      purchase.actor.send({ type: 'purchase.retry' });
      expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
    });
  });

  describe('PAYMENT_FAILURE', () => {
    for (const type of ['purchase.retry', 'drawer.close'] as const) {
      it(`${type} returns to the products with the selection kept and nothing stored`, async () => {
        const purchase = startPurchase(listMenu, { fakes: { bit: { endsWith: FAILED } } });
        purchase.actor.send({ type: 'product.select', productId: cola.id });
        await payWith(purchase, 'bit');
        expect(purchase.snapshot().value).toBe('PAYMENT_FAILURE');
        purchase.actor.send({ type });
        expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
        expect(selectDrawerOpen(purchase.snapshot())).toBe(false);
        expect(purchase.snapshot().context).toMatchObject({
          selectedIds: [cola.id],
          method: undefined,
          result: undefined,
          receipt: undefined,
        });
        expect(purchase.stored).toEqual([]);
      });
    }

    it('history and restart are not offered after a failure', async () => {
      const purchase = startPurchase(listMenu, { fakes: { googlePay: { endsWith: FAILED } } });
      await payWith(purchase, 'google_pay');
      purchase.actor.send({ type: 'history.show' });
      purchase.actor.send({ type: 'purchase.restart' });
      expect(purchase.snapshot().value).toBe('PAYMENT_FAILURE');
    });
  });

  describe('drawer.close before a method runs returns to SELECT_PRODUCT keeping the selection', () => {
    const reach: Record<string, (purchase: Purchase) => Promise<void>> = {
      ChoosingMethod: continueToMethods,
      ExplainingMethod: async (purchase) => {
        await continueToMethods(purchase);
        purchase.actor.send({ type: 'method.select', method: 'bit' });
        purchase.actor.send({ type: 'method.continue' });
        expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' });
      },
    };

    for (const [stage, goTo] of Object.entries(reach)) {
      it(`from ${stage}`, async () => {
        const purchase = startPurchase(quantityMenu);
        purchase.actor.send({ type: 'quantity.increment' });
        await goTo(purchase);
        expect(selectDrawerOpen(purchase.snapshot())).toBe(true);
        purchase.actor.send({ type: 'drawer.close' });
        expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
        expect(selectDrawerOpen(purchase.snapshot())).toBe(false);
        expect(purchase.snapshot().context.selectedIds).toEqual([water.id]);
        expect(purchase.snapshot().context.quantity).toBe(2);
        expect(purchase.snapshot().context.method).toBeUndefined();
      });
    }

    it('SubmittingPurchase cannot be closed', () => {
      const purchase = startPurchase(listMenu, { setPurchase: () => new Promise<string>(() => {}) });
      purchase.actor.send({ type: 'purchase.continue' });
      purchase.actor.send({ type: 'drawer.close' });
      expect(purchase.snapshot().value).toBe('SubmittingPurchase');
    });

    it('after closing, Continue submits again', async () => {
      const purchase = startPurchase(listMenu);
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'drawer.close' });
      await continueToMethods(purchase);
      expect(purchase.calls).toHaveLength(2);
      expect(purchase.snapshot().context.sessionId).toBe('session-2');
    });
  });
});
