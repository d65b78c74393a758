/**
 * The purchase driven by a payment link (requirements.md §2 /customPaymentIframe, §4 custom redirect pages): a
 * fixed amount in the link's currency, booked with set_purchase or already held by the operator (the
 * payment intent), and the browser sent to the link's success or failure address.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { applePayMachine } from '../../machines/payment/methods/apple-pay/apple-pay.machine';
import { bitMachine } from '../../machines/payment/methods/bit/bit.machine';
import { cardFieldsMachine } from '../../machines/payment/methods/card-fields/card-fields.machine';
import { cardScanMachine } from '../../machines/payment/methods/card-scan/card-scan.machine';
import { googlePayMachine } from '../../machines/payment/methods/google-pay/google-pay.machine';
import { hostedPageMachine } from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { PaymentOrder, PaymentResult } from '../../machines/payment/payment.types';
import { stripeMachine } from '../../machines/payment/methods/stripe/stripe.machine';
import {
  purchaseMachine,
  type BookPaymentLinkInput,
  type SetPurchaseInput,
} from '../../machines/purchase/purchase.machine';
import { selectCanContinue, selectCurrencySymbol } from '../../machines/purchase/purchase.selectors';
import type { Menu } from '../../machines/menu/menu.types';
import type { Booking, OrderSource } from '../../machines/purchase/purchase.types';
import type { Receipt } from '../../machines/purchase/receipt';
import { cola, listMenu, makeMenu, priceInputMenu, quantityMenu } from '../fixtures/menus';
import { MACHINE_ID, operatorPricing, purchaseInput } from '../fixtures/purchases';
import { fakePaymentMachine, idleMachine, paymentLog, standInFor, type FinishPayment } from '../fixtures/stand-ins';

const RETURN_URLS = { success: 'https://merchant.example/ok?ref=1', failure: 'https://merchant.example/failed' };
/** The page's query as the merchant signed it: the app passes it on, only the operator reads the signature. */
const SIGNED_QUERY = 'machineId=machine-7&totalPrice=42.50&signature=0123abcd';

function paymentLink(overrides: Partial<Extract<OrderSource, { kind: 'fixed' }>> = {}): OrderSource {
  return {
    kind: 'fixed',
    amount: 42.5,
    currency: 'ILS',
    label: 'Wheelchair rental',
    deferredPayment: true,
    paymentIntent: undefined,
    signedQuery: SIGNED_QUERY,
    returnUrls: RETURN_URLS,
    ...overrides,
  };
}

/** book_link's answer: the signed amount, once, without a fee, in the link's currency. */
function linkBooking({ query }: BookPaymentLinkInput, orderSource: OrderSource | undefined, menu: Menu): Booking {
  const amount = Number(new URLSearchParams(query).get('totalPrice'));
  const [product] = menu.products;
  if (!product) throw new Error('a link is booked on the machine’s first product');
  const line = {
    productId: product.id,
    name: product.name,
    count: 1,
    unitPrice: amount,
    unitFee: 0,
    lineTotal: amount,
  };
  const currency = orderSource?.kind === 'fixed' ? orderSource.currency : 'ILS';
  return { sessionId: 'session-1', currency, lines: [line], totals: { subtotal: amount, fees: 0, total: amount } };
}

function startPurchase(orderSource: OrderSource | undefined, menu = listMenu) {
  const setPurchaseCalls: SetPurchaseInput[] = [];
  const bookCalls: BookPaymentLinkInput[] = [];
  const sessions: (string | undefined)[] = [];
  const remembered: Receipt[] = [];
  const leftFor: (string | undefined)[] = [];
  const googlePay = paymentLog();
  const idle = <TLogic extends AnyActorLogic>(logic: TLogic, id: string) => standInFor(logic, idleMachine(id));
  const actor = createActor(
    purchaseMachine.provide({
      actors: {
        // Google's isReadyToPay: this browser can pay with Google Pay.
        checkGooglePay: fromPromise(() => Promise.resolve(true)),
        setPurchase: fromPromise<Booking, SetPurchaseInput>(({ input }) => {
          setPurchaseCalls.push(input);
          return Promise.resolve(operatorPricing(menu, 'session-1', input.lines));
        }),
        bookPaymentLink: fromPromise<Booking, BookPaymentLinkInput>(({ input }) => {
          bookCalls.push(input);
          return Promise.resolve(linkBooking(input, orderSource, menu));
        }),
        googlePay: standInFor(googlePayMachine, fakePaymentMachine('googlePay', { log: googlePay })),
        applePay: idle(applePayMachine, 'applePay'),
        cardFields: idle(cardFieldsMachine, 'cardFields'),
        hostedPage: idle(hostedPageMachine, 'hostedPage'),
        stripe: idle(stripeMachine, 'stripe'),
        cardScan: idle(cardScanMachine, 'cardScan'),
        bit: idle(bitMachine, 'bit'),
      },
      actions: {
        useSession: (_, sessionId) => {
          sessions.push(sessionId);
        },
        rememberPurchase: (_, receipt) => {
          remembered.push(receipt);
        },
        leaveForReturnUrl: (_, url) => {
          leftFor.push(url);
        },
      },
    }),
    { input: purchaseInput(menu, { orderSource }) },
  ).start();

  /** Continue, wait for the methods, then start Google Pay. */
  async function toGooglePay() {
    actor.send({ type: 'purchase.continue' });
    await waitFor(actor, (snapshot) => snapshot.matches('SELECT_PAYMENT_METHOD'));
    actor.send({ type: 'method.select', method: 'google_pay' });
    actor.send({ type: 'method.continue' });
    expect(actor.getSnapshot().matches({ INIT_METHOD_PENDING: 'GooglePay' })).toBe(true);
  }
  function finish(result: PaymentResult) {
    // The fake in the real machine's place takes `fake.finish`.
    const googlePayActor: AnyActorRef | undefined = actor.getSnapshot().children.googlePay;
    googlePayActor?.send({ type: 'fake.finish', result } satisfies FinishPayment);
  }
  const order = () => googlePay.inputs.at(-1) as { order: PaymentOrder };
  return { actor, setPurchaseCalls, bookCalls, sessions, remembered, leftFor, toGooglePay, finish, order };
}

describe('a payment link with a payment intent', () => {
  it('Continue skips set_purchase: the intent becomes the session, and the purchase is remembered', async () => {
    const purchase = startPurchase(paymentLink({ paymentIntent: 'intent-1' }));
    expect(selectCanContinue(purchase.actor.getSnapshot())).toBe(true);
    await purchase.toGooglePay();

    expect(purchase.setPurchaseCalls).toEqual([]);
    expect(purchase.bookCalls).toEqual([]);
    expect(purchase.sessions).toEqual(['intent-1']);
    expect(purchase.actor.getSnapshot().context.sessionId).toBe('intent-1');
    expect(purchase.remembered).toEqual([
      {
        machineId: MACHINE_ID,
        items: [{ name: 'Wheelchair rental', price: 42.5, symbol: '₪', count: 1, amount: 42.5 }],
        subtotal: 42.5,
        serviceFee: 0,
        total: 42.5,
        currencySymbol: '₪',
      },
    ]);
    expect(purchase.order()).toMatchObject({ order: { visitorUuid: 'intent-1', total: 42.5 } });
  });

  it('is paid even on a machine without products: the operator already holds the purchase', async () => {
    const purchase = startPurchase(paymentLink({ paymentIntent: 'intent-1' }), makeMenu({ products: [] }));
    await purchase.toGooglePay();
    expect(purchase.order().order.total).toBe(42.5);
  });
});

describe('a payment link without a payment intent', () => {
  it('Continue has the operator book the signed link (book_link), never a price through set_purchase', async () => {
    const purchase = startPurchase(paymentLink());
    await purchase.toGooglePay();

    expect(purchase.bookCalls).toEqual([{ machineId: MACHINE_ID, query: SIGNED_QUERY }]);
    expect(purchase.setPurchaseCalls).toEqual([]);
    expect(purchase.sessions).toEqual([]);
    expect(purchase.actor.getSnapshot().context.sessionId).toBe('session-1');
    expect(purchase.remembered.map((receipt) => receipt.total)).toEqual([42.5]);
  });

  it('cannot continue on a machine without products: there is nothing to book the amount on', () => {
    const purchase = startPurchase(paymentLink(), makeMenu({ products: [] }));
    expect(selectCanContinue(purchase.actor.getSnapshot())).toBe(false);
    purchase.actor.send({ type: 'purchase.continue' });
    expect(purchase.actor.getSnapshot().value).toBe('SELECT_PRODUCT');
    expect(purchase.bookCalls).toEqual([]);
  });

  it('ignores product choices: the link decides the order', () => {
    const purchase = startPurchase(paymentLink());
    purchase.actor.send({ type: 'product.select', productId: cola.id });
    expect(purchase.actor.getSnapshot().context.selectedIds).toEqual([]);
  });

  it("on a price-input machine: no amount to type, Continue books the link's amount", async () => {
    const purchase = startPurchase(paymentLink(), priceInputMenu);
    expect(purchase.actor.getSnapshot().context.amountEntry).toBeUndefined();
    expect(selectCanContinue(purchase.actor.getSnapshot())).toBe(true);
    await purchase.toGooglePay();
    expect(purchase.bookCalls).toEqual([{ machineId: MACHINE_ID, query: SIGNED_QUERY }]);
  });

  it('on a quantity machine: the counter is not the link’s, one of its amount is paid', async () => {
    const purchase = startPurchase(paymentLink(), quantityMenu);
    purchase.actor.send({ type: 'quantity.increment' });
    purchase.actor.send({ type: 'quantity.increment' });
    purchase.actor.send({ type: 'quantity.decrement' });
    expect(purchase.actor.getSnapshot().context.quantity).toBe(1);
    await purchase.toGooglePay();
    expect(purchase.order().order.total).toBe(42.5);
  });
});

describe('the payment order of a link', () => {
  it('one fee-free line of the amount under the description, deferred, the amount as customPrice', async () => {
    const purchase = startPurchase(paymentLink());
    await purchase.toGooglePay();
    const { order } = purchase.order();
    expect(order).toMatchObject({
      visitorUuid: 'session-1',
      total: 42.5,
      currency: 'ILS',
      currencySymbol: '₪',
      customPrice: 42.5,
      deferredPayment: true,
    });
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ count: 1, unitPrice: 42.5, unitFee: 0, lineTotal: 42.5 });
    expect(order.lines[0]?.product).toMatchObject({ id: cola.id, name: 'Wheelchair rental' });
  });

  it('a link that is not deferred keeps the stored-price check (requirements.md §5)', async () => {
    const purchase = startPurchase(paymentLink({ deferredPayment: false }));
    await purchase.toGooglePay();
    expect(purchase.order().order.deferredPayment).toBe(false);
  });

  it("the link's currency, not the machine's: its code, its symbol, and the receipt's symbol", async () => {
    const purchase = startPurchase(paymentLink({ currency: 'USD' }));
    expect(selectCurrencySymbol(purchase.actor.getSnapshot())).toBe('$');
    await purchase.toGooglePay();
    expect(purchase.order().order).toMatchObject({ currency: 'USD', currencySymbol: '$' });
    expect(purchase.remembered[0]).toMatchObject({ currencySymbol: '$', items: [{ symbol: '$' }] });

    purchase.finish({ outcome: 'succeeded', transactionId: 'tx-1' });
    expect(purchase.actor.getSnapshot().context.receipt).toMatchObject({ currencySymbol: '$', transactionId: 'tx-1' });
  });

  it("a menu purchase keeps the machine's currency and symbol", () => {
    const purchase = startPurchase(undefined, makeMenu({ currency: 'EUR', currency_symbol: '€' }));
    expect(selectCurrencySymbol(purchase.actor.getSnapshot())).toBe('€');
  });
});

describe("the link's return addresses (requirements.md §4 custom redirect pages)", () => {
  it('success: the browser is sent to the success address', async () => {
    const purchase = startPurchase(paymentLink());
    await purchase.toGooglePay();
    expect(purchase.leftFor).toEqual([]);
    purchase.finish({ outcome: 'succeeded', transactionId: 'tx-1' });
    expect(purchase.actor.getSnapshot().matches('PAYMENT_SUCCESS')).toBe(true);
    expect(purchase.leftFor).toEqual([RETURN_URLS.success]);
  });

  it('failure: the browser is sent to the failure address', async () => {
    const purchase = startPurchase(paymentLink());
    await purchase.toGooglePay();
    purchase.finish({ outcome: 'failed', message: 'Declined' });
    expect(purchase.actor.getSnapshot().matches('PAYMENT_FAILURE')).toBe(true);
    expect(purchase.leftFor).toEqual([RETURN_URLS.failure]);
  });

  it('an abandoned payment goes nowhere: back to the products', async () => {
    const purchase = startPurchase(paymentLink());
    await purchase.toGooglePay();
    purchase.finish({ outcome: 'abandoned' });
    expect(purchase.actor.getSnapshot().matches('SELECT_PRODUCT')).toBe(true);
    expect(purchase.leftFor).toEqual([]);
  });

  it('without addresses the outcome page stays (nothing to leave for)', async () => {
    const purchase = startPurchase(paymentLink({ returnUrls: { success: undefined, failure: undefined } }));
    await purchase.toGooglePay();
    purchase.finish({ outcome: 'failed' });
    expect(purchase.leftFor).toEqual([undefined]);
    purchase.actor.send({ type: 'purchase.retry' });
    await purchase.toGooglePay();
    purchase.finish({ outcome: 'succeeded' });
    expect(purchase.actor.getSnapshot().matches('PAYMENT_SUCCESS')).toBe(true);
    expect(purchase.leftFor).toEqual([undefined, undefined]);
  });

  it('a menu purchase has no return address', async () => {
    const purchase = startPurchase(undefined);
    await purchase.toGooglePay();
    purchase.finish({ outcome: 'succeeded' });
    expect(purchase.leftFor).toEqual([undefined]);
  });
});
