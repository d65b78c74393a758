/** The purchase chart with stand-in payment machines, and the orders and results its unit tests share. */
import { expect } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorLogic, type AnyActorRef } from 'xstate';
import type { Menu } from '../../machines/menu/menu.types';
import { applePayMachine } from '../../machines/payment/methods/apple-pay/apple-pay.machine';
import { bitMachine } from '../../machines/payment/methods/bit/bit.machine';
import { cardFieldsMachine } from '../../machines/payment/methods/card-fields/card-fields.machine';
import { cardScanMachine } from '../../machines/payment/methods/card-scan/card-scan.machine';
import { googlePayMachine } from '../../machines/payment/methods/google-pay/google-pay.machine';
import { hostedPageMachine } from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { PaymentOrder, PaymentResult } from '../../machines/payment/payment.types';
import { stripeMachine } from '../../machines/payment/methods/stripe/stripe.machine';
import {
  METHOD_MACHINES,
  purchaseMachine,
  type MethodActor,
  type SetPurchaseInput,
} from '../../machines/purchase/purchase.machine';
import type { Booking, PaymentMethod, PurchaseSettings } from '../../machines/purchase/purchase.types';
import type { Receipt } from '../../machines/purchase/receipt';
import { allMethodsConfig, cola, listMenu, makeMenu } from '../fixtures/menus';
import { HOSTED_PAGE, operatorPricing, purchaseInput } from '../fixtures/purchases';
import {
  fakePaymentMachine,
  paymentLog,
  standInFor,
  type FakePaymentOptions,
  type FinishPayment,
  type PaymentLog,
} from '../fixtures/stand-ins';

export type PaymentMachineId = MethodActor;
export const PAYMENT_MACHINE_IDS = Object.keys(METHOD_MACHINES) as PaymentMachineId[];

/** Card entry through Yaad Sarig's hosted payment page instead of Tranzila's fields. */
export const yaadSarigMenu = makeMenu({
  frontend_config: { ...allMethodsConfig, credit_card: { enabled: true, type: 'YAAD_SARIG', terminal: 'term-9' } },
});

export interface Options extends Partial<PurchaseSettings> {
  /**
   * What the fake POST /api/menu/set_purchase does; resolves with session-1, session-2, … by default. A
   * session id alone is answered with the lines priced as the page priced them.
   */
  setPurchase?: (input: SetPurchaseInput) => Promise<string | Booking>;
  /** How each fake payment machine behaves (by default it runs until the drawer closes). */
  fakes?: Partial<Record<PaymentMachineId, FakePaymentOptions>>;
  /** Real payment machines (with their own fakes) in place of the fake ones. */
  machines?: Partial<Record<PaymentMachineId, AnyActorLogic>>;
  /** Google's isReadyToPay answer for this browser; true by default. */
  checkGooglePay?: () => Promise<boolean>;
  /** A simulated clock for the chart's delays. */
  clock?: SimulatedClock;
}

export function startPurchase(
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
        setPurchase: fromPromise<Booking, SetPurchaseInput>(async ({ input }) => {
          calls.push(input);
          const answer = await respond(input);
          return typeof answer === 'string' ? operatorPricing(menu, answer, input.lines) : answer;
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

export type Purchase = ReturnType<typeof startPurchase>;

/** Continue from SELECT_PRODUCT and wait for set_purchase to answer. */
export async function continueToMethods(purchase: Purchase) {
  purchase.actor.send({ type: 'purchase.continue' });
  await purchase.settle();
  expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
}

/** Choose the method and continue (through its popup, if it has one). */
export function startMethod(purchase: Purchase, method: PaymentMethod) {
  purchase.actor.send({ type: 'method.select', method });
  purchase.actor.send({ type: 'method.continue' });
  if (purchase.snapshot().matches({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' })) {
    purchase.actor.send({ type: 'popup.continue' });
  }
}

/** Continue, choose the method and start it (a fake that ends at once has settled by then). */
export async function payWith(purchase: Purchase, method: PaymentMethod) {
  await continueToMethods(purchase);
  startMethod(purchase, method);
}

export async function toPending(purchase: Purchase, method: PaymentMethod = 'google_pay') {
  await payWith(purchase, method);
  expect(purchase.snapshot().matches('INIT_METHOD_PENDING')).toBe(true);
}

/** Each method's step in INIT_METHOD_PENDING and the machine it runs (requirements.md §4). */
export interface Route {
  method: PaymentMethod;
  state: string;
  machine: PaymentMachineId;
  menu: Menu;
  popup: boolean;
  /** What the method's machine is given besides the order. */
  extraInput: Record<string, unknown>;
}

export const ROUTES: Route[] = [
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
  {
    method: 'card_scan',
    state: 'CardScan',
    machine: 'cardScan',
    menu: listMenu,
    popup: true,
    extraInput: { scannerOrigin: 'https://scan.card.test' },
  },
  { method: 'bit', state: 'Bit', machine: 'bit', menu: listMenu, popup: true, extraInput: {} },
];

export const routeName = (route: Route) =>
  `${route.method}${route.machine === 'hostedPage' ? ' (Yaad Sarig)' : route.machine === 'cardFields' ? ' (Tranzila)' : ''}`;

/** One cola (12.90 + 2.5 % = 0.32) as every method is told about it (requirements.md §3, §5, §9). */
export function colaOrder(menu: Menu, visitorUuid = 'session-1'): PaymentOrder {
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

export const SUCCEEDED: PaymentResult = { outcome: 'succeeded', transactionId: 'tx-9', message: 'Approved' };
export const FAILED: PaymentResult = { outcome: 'failed', message: 'Declined', code: 51, transactionId: 'tx-10' };
export const CANCELLED: PaymentResult = { outcome: 'cancelled' };
export const ABANDONED: PaymentResult = { outcome: 'abandoned' };

export const PAID_AT = '2030-05-04T12:34:56.000Z';
