/**
 * The purchase with an hourly order (/vacuum): the spawned vacuum chart hands over a product and a
 * span (`hours.confirmed`), the purchase books it with set_purchase as one line whose custom price is
 * the whole hourly charge, with no service fee (requirements.md §5, §9), and pays it like any other purchase.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { Product } from '../../machines/menu/menu.types';
import { googlePayMachine } from '../../machines/payment/methods/google-pay/google-pay.machine';
import type { PaymentOrder } from '../../machines/payment/payment.types';
import { purchaseMachine, type SetPurchaseInput } from '../../machines/purchase/purchase.machine';
import { paymentOrder, selectLines, selectTotals } from '../../machines/purchase/purchase.selectors';
import type { Booking } from '../../machines/purchase/purchase.types';
import type { Receipt } from '../../machines/purchase/receipt';
import { ApiError } from '../../machines/shared/api-failure';
import type { JoinPromotionInput } from '../../machines/vacuum/promotion';
import { vacuumMachine } from '../../machines/vacuum/vacuum.machine';
import { makeMenu } from '../fixtures/menus';
import { MACHINE_ID, operatorPricing, purchaseInput } from '../fixtures/purchases';
import { fakePaymentMachine, paymentLog, standInFor, type FinishPayment } from '../fixtures/stand-ins';

const hourly = (id: number, name: string, price: number, extra: Partial<Product> = {}): Product => ({
  id,
  name,
  description: 'Price per hour',
  price,
  image_url: `/img/${String(id)}.svg`,
  available: true,
  is_most_popular: false,
  convenience_fee_type: 'flat',
  convenience_fee_value: 0,
  ...extra,
});

const VACUUM = hourly(801, 'Vacuum — 1 hour', 12);
const SHAMPOO = hourly(802, 'Vacuum + shampoo — 1 hour', 18);
const BROKEN = hourly(803, 'Vacuum (out of order)', 15, { available: false });
/** One minute of it costs 0.0025, which rounds to nothing to charge. */
const TOKEN = hourly(805, 'Air — 1 hour', 0.15);
/** A fee on the product never reaches the hourly charge. */
const WITH_FEE = hourly(804, 'Vacuum deluxe — 1 hour', 20, {
  convenience_fee_type: 'percent',
  convenience_fee_value: 10,
});

const vacuumMenu = makeMenu({
  product_view: 'GRID',
  products: [VACUUM, SHAMPOO, BROKEN, WITH_FEE, TOKEN],
  // requirements.md §9: the promotion's text uses count 1 and amount 3.
  promotion: { count: 1, amount: 3 },
});

function startHourlyPurchase({
  promotionMember = true,
  setPurchase = () => Promise.resolve('session-1'),
}: { promotionMember?: boolean; setPurchase?: () => Promise<string> } = {}) {
  const calls: SetPurchaseInput[] = [];
  const remembered: Receipt[] = [];
  const stored: Receipt[] = [];
  const joined: JoinPromotionInput[] = [];
  const googlePayLog = paymentLog();
  const actor = createActor(
    purchaseMachine.provide({
      actors: {
        // Google's isReadyToPay: this browser can pay with Google Pay.
        checkGooglePay: fromPromise(() => Promise.resolve(true)),
        vacuum: vacuumMachine.provide({
          actors: {
            joinPromotion: fromPromise<undefined, JoinPromotionInput>(({ input }) => {
              joined.push(input);
              return Promise.resolve(undefined);
            }),
          },
        }),
        setPurchase: fromPromise<Booking, SetPurchaseInput>(async ({ input }) => {
          calls.push(input);
          return operatorPricing(vacuumMenu, await setPurchase(), input.lines);
        }),
        googlePay: standInFor(googlePayMachine, fakePaymentMachine('googlePay', { log: googlePayLog })),
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
    { input: purchaseInput(vacuumMenu, { orderSource: { kind: 'hourly', now: '10:00', promotionMember } }) },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const vacuum = () => {
    const child = snapshot().context.vacuum;
    if (!child) throw new Error('the hourly purchase spawned no vacuum');
    return child;
  };
  const settle = () => waitFor(actor, (s) => !s.hasTag('busy'));
  /** Chooses the product and the span in the vacuum's grid and drawer, and confirms. */
  const confirmHours = async (productId: number, start: string, end: string) => {
    vacuum().send({ type: 'product.select', productId });
    vacuum().send({ type: 'selection.continue' });
    vacuum().send({ type: 'time.start', time: start });
    vacuum().send({ type: 'time.end', time: end });
    vacuum().send({ type: 'time.confirm' });
    await settle();
  };
  return { actor, snapshot, vacuum, settle, confirmHours, calls, remembered, stored, joined, googlePayLog };
}

describe('purchase with an hourly order: before the hours are confirmed', () => {
  it('spawns the vacuum with the machine, the menu products and promotion, the time the page opened and the membership', () => {
    const { snapshot, vacuum } = startHourlyPurchase({ promotionMember: false });
    // It is also the child the machine's types name `vacuum`.
    expect(snapshot().children.vacuum).toBe(vacuum());
    expect(snapshot().value).toBe('SELECT_PRODUCT');
    expect(snapshot().context.selectedIds).toEqual([]);
    expect(vacuum().getSnapshot().context).toMatchObject({
      machineId: MACHINE_ID,
      products: vacuumMenu.products,
      promotion: { count: 1, amount: 3 },
      now: '10:00',
      start: '10:00',
      end: '10:00',
      promotionMember: false,
    });
  });

  it("ignores the product view's events: only the vacuum decides the order", () => {
    const { actor, snapshot, calls } = startHourlyPurchase();
    actor.send({ type: 'product.select', productId: 801 });
    actor.send({ type: 'purchase.continue' });
    expect(snapshot().value).toBe('SELECT_PRODUCT');
    expect(snapshot().context.selectedIds).toEqual([]);
    expect(calls).toEqual([]);
  });

  it.each([
    ['an unavailable product', { productId: 803, minutes: 90 }],
    ['an unknown product', { productId: 999, minutes: 90 }],
    ['0 minutes', { productId: 801, minutes: 0 }],
    ['a span whose charge rounds to 0.00', { productId: 805, minutes: 1 }],
  ])('ignores hours confirmed for %s', (_, hours) => {
    const { actor, snapshot, calls } = startHourlyPurchase();
    actor.send({ type: 'hours.confirmed', ...hours });
    expect(snapshot().value).toBe('SELECT_PRODUCT');
    expect(snapshot().context.minutes).toBeUndefined();
    expect(calls).toEqual([]);
  });
});

describe('purchase with an hourly order: booking and paying', () => {
  it('10:00 → 11:30 at ₪12: set_purchase gets the span (90 minutes), never a price, and the drawer opens on the methods', async () => {
    const { actor, snapshot, vacuum, calls, remembered } = startHourlyPurchase();
    vacuum().send({ type: 'product.select', productId: 801 });
    vacuum().send({ type: 'selection.continue' });
    vacuum().send({ type: 'time.end', time: '11:30' });
    vacuum().send({ type: 'time.confirm' });
    expect(snapshot().value).toBe('SubmittingPurchase');
    expect(snapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => !s.hasTag('busy'));

    expect(calls).toEqual([{ machineId: 'machine-7', lines: [{ product_id: 801, count: 1, minutes: 90 }] }]);
    expect(snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
    expect(snapshot().context).toMatchObject({ selectedIds: [801], minutes: 90, sessionId: 'session-1' });
    expect(selectTotals(snapshot())).toEqual({ subtotal: 18, fees: 0, total: 18 });
    expect(remembered).toEqual([
      {
        machineId: 'machine-7',
        items: [{ name: 'Vacuum — 1 hour', price: 18, symbol: '₪', count: 1, amount: 18 }],
        subtotal: 18,
        serviceFee: 0,
        total: 18,
        currencySymbol: '₪',
      },
    ]);
    // The vacuum is back on its grid, behind the payment drawer.
    expect(vacuum().getSnapshot().value).toBe('ChoosingProduct');
  });

  it('an end earlier than the start is the next day: 23:00 → 01:00 at ₪18 books 2 hours, ₪36', async () => {
    const { snapshot, confirmHours, calls } = startHourlyPurchase();
    await confirmHours(802, '23:00', '01:00');
    expect(calls[0]?.lines).toEqual([{ product_id: 802, count: 1, minutes: 120 }]);
    expect(snapshot().context.minutes).toBe(120);
  });

  it("charges hours × hourly price without the product's convenience fee (requirements.md §9: service fee 0)", async () => {
    const { snapshot, confirmHours, calls } = startHourlyPurchase();
    await confirmHours(804, '10:00', '10:20'); // 20 min × ₪20 = ₪6.67
    expect(calls[0]?.lines).toEqual([{ product_id: 804, count: 1, minutes: 20 }]);
    expect(selectLines(snapshot())).toMatchObject([{ unitPrice: 6.67, unitFee: 0, unitTotal: 6.67, lineTotal: 6.67 }]);
    expect(selectTotals(snapshot())).toEqual({ subtotal: 6.67, fees: 0, total: 6.67 });
  });

  it('tells the payment method the hourly total and custom price; the success receipt has no fee', async () => {
    const { actor, snapshot, confirmHours, googlePayLog, stored, vacuum } = startHourlyPurchase();
    await confirmHours(801, '10:00', '11:30');
    expect(paymentOrder(snapshot().context)).toMatchObject({ total: 18, customPrice: 18, visitorUuid: 'session-1' });

    actor.send({ type: 'method.select', method: 'google_pay' });
    actor.send({ type: 'method.continue' });
    const order = (googlePayLog.inputs[0] as { order: PaymentOrder }).order;
    expect(order).toMatchObject({ total: 18, customPrice: 18, deferredPayment: false });
    // The fake stands in for Google Pay's machine; it ends when told to.
    const googlePay: AnyActorRef | undefined = snapshot().children.googlePay;
    googlePay?.send({
      type: 'fake.finish',
      result: { outcome: 'succeeded', transactionId: 'tx-9' },
    } satisfies FinishPayment);

    expect(snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
    expect(snapshot().context.receipt).toMatchObject({
      items: [{ name: 'Vacuum — 1 hour', price: 18, count: 1, amount: 18 }],
      subtotal: 18,
      serviceFee: 0,
      total: 18,
      transactionId: 'tx-9',
      paidWith: 'google_pay',
    });

    actor.send({ type: 'drawer.close' });
    expect(snapshot().value).toBe('SELECT_PRODUCT');
    expect(stored).toHaveLength(1);
    // Back on the grid with the product still chosen: another Continue goes straight to the times.
    vacuum().send({ type: 'selection.continue' });
    expect(vacuum().getSnapshot().value).toBe('ChoosingTime');
  });

  it('closing the payment drawer returns to the grid', async () => {
    const { actor, snapshot, confirmHours, vacuum } = startHourlyPurchase();
    await confirmHours(801, '10:00', '11:00');
    actor.send({ type: 'drawer.close' });
    expect(snapshot().value).toBe('SELECT_PRODUCT');
    expect(snapshot().hasTag('drawerOpen')).toBe(false);
    expect(vacuum().getSnapshot().value).toBe('ChoosingProduct');
  });

  it('a set_purchase failure returns to the grid with the failure; confirming again retries', async () => {
    let attempts = 0;
    const { snapshot, confirmHours, calls } = startHourlyPurchase({
      setPurchase: () =>
        ++attempts === 1 ? Promise.reject(new ApiError({ kind: 'http', status: 500 })) : Promise.resolve('session-2'),
    });
    await confirmHours(801, '10:00', '11:00');
    expect(snapshot().value).toBe('SELECT_PRODUCT');
    expect(snapshot().context.submitFailure).toEqual({ kind: 'http', status: 500 });

    await confirmHours(801, '10:00', '12:00');
    expect(snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
    expect(snapshot().context.submitFailure).toBeUndefined();
    expect(calls.map((call) => call.lines)).toEqual([
      [{ product_id: 801, count: 1, minutes: 60 }],
      [{ product_id: 801, count: 1, minutes: 120 }],
    ]);
  });

  it('a visitor who joins the promotion on the way is booked the same way', async () => {
    const { vacuum, settle, snapshot, calls, joined } = startHourlyPurchase({ promotionMember: false });
    vacuum().send({ type: 'product.select', productId: 801 });
    vacuum().send({ type: 'selection.continue' });
    vacuum().send({ type: 'loyalty.join' });
    vacuum().send({ type: 'contact.change', value: '050-123-4567' });
    vacuum().send({ type: 'signup.submit' });
    await waitFor(vacuum(), (s) => s.matches({ LoyaltyOffer: 'Joined' }));
    vacuum().send({ type: 'loyalty.continue' });
    vacuum().send({ type: 'time.end', time: '11:00' });
    vacuum().send({ type: 'time.confirm' });
    await settle();
    expect(joined).toEqual([{ machineId: MACHINE_ID, contact: { kind: 'phone', value: '0501234567' } }]);
    expect(calls[0]?.lines).toEqual([{ product_id: 801, count: 1, minutes: 60 }]);
    expect(snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
  });
});
