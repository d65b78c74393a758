import { afterEach, describe, it, expect, vi } from 'vitest';
import { fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { cardFieldsMachine } from '../../machines/payment/methods/card-fields/card-fields.machine';
import {
  cardScanMachine,
  type CardScanEvent,
  type CardScanStartAnswer,
} from '../../machines/payment/methods/card-scan/card-scan.machine';
import { googlePayMachine } from '../../machines/payment/methods/google-pay/google-pay.machine';
import { hostedPageMachine } from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { AttemptInput, PaymentOrder, PaymentResult } from '../../machines/payment/payment.types';
import { METHOD_ENDINGS } from '../../machines/purchase/purchase.machine';
import { selectDrawerOpen } from '../../machines/purchase/purchase.selectors';
import { cola, gridMenu, listMenu, priceInputMenu, quantityMenu, water } from '../fixtures/menus';
import { COLA_AND_WATER_RECEIPT, HOSTED_PAGE } from '../fixtures/purchases';
import {
  PAYMENT_MACHINE_IDS,
  yaadSarigMenu,
  startPurchase,
  continueToMethods,
  startMethod,
  payWith,
  toPending,
  type Route,
  ROUTES,
  routeName,
  colaOrder,
  SUCCEEDED,
  FAILED,
  CANCELLED,
  ABANDONED,
  PAID_AT,
} from './purchase-harness';

afterEach(() => {
  vi.useRealTimers();
});

describe('purchaseMachine', () => {
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
        ...COLA_AND_WATER_RECEIPT,
        transactionId: 'tx-9',
        paidAt: PAID_AT,
        paidWith: 'google_pay',
      });
      // Nothing is stored in the history until the visitor leaves the success page.
      expect(purchase.stored).toEqual([]);
    });

    it('a success without a transaction id keeps the receipt without one', async () => {
      const purchase = startPurchase(quantityMenu, { fakes: { cardFields: { endsWith: { outcome: 'succeeded' } } } });
      purchase.actor.send({ type: 'quantity.increment' });
      await payWith(purchase, 'credit_card');
      expect(purchase.snapshot().context.receipt).toMatchObject({
        items: [{ name: 'Water', price: 6, count: 2, amount: 10 }],
        total: 12,
        transactionId: undefined,
        paidWith: 'credit_card',
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

        // The payment it was busy with still counts (card scan's only through the operator's word).
        if (route.machine === 'cardScan') {
          purchase.finishPayment(route.machine, { outcome: 'failed', reason: 'unconfirmed' });
          expect(purchase.snapshot().matches('CheckingReturnedPayment')).toBe(true);
        } else {
          purchase.finishPayment(route.machine, SUCCEEDED);
          expect(purchase.snapshot().value).toEqual({ PAYMENT_SUCCESS: 'Summary' });
        }
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
    /** The real card scan: the operator opens the scan on the scanner, whose step answers when the test says so. */
    function realCardScan() {
      const scan: { answer: (event: CardScanEvent) => void } = { answer: () => {} };
      const logic = cardScanMachine.provide({
        actors: {
          startCardScan: fromPromise<CardScanStartAnswer, AttemptInput>(() =>
            Promise.resolve({
              status: 0,
              msg: 'Card scan opened.',
              scanUrl: 'https://scan.card.test/scan?scan=SCAN-1',
            }),
          ),
          listenForScanResult: fromCallback<EventObject, { scannerOrigin: string }, CardScanEvent>(({ sendBack }) => {
            scan.answer = sendBack;
          }),
        },
      });
      return { logic, scan };
    }
    const scanning = (purchase: ReturnType<typeof startPurchase>) =>
      expect
        .poll(() => (purchase.paymentActor('cardScan').getSnapshot() as { value: unknown }).value)
        .toEqual({ Processing: 'Scanning' });

    it('card scan approved in the frame: no success page of its own, the operator is asked about the purchase', async () => {
      const { logic, scan } = realCardScan();
      const purchase = startPurchase(listMenu, { machines: { cardScan: logic } });
      await toPending(purchase, 'card_scan');
      await scanning(purchase);
      scan.answer({ type: 'scan.approved', transactionId: 'scan-tx-1' });
      expect(purchase.snapshot().matches('CheckingReturnedPayment')).toBe(true);
      expect(purchase.snapshot().matches('PAYMENT_SUCCESS')).toBe(false);
      expect(purchase.snapshot().context.returnedPayment).toMatchObject({ sessionId: 'session-1' });
    });

    it('card scan cancelled: back to the methods; closed while scanning: back to the products', async () => {
      const first = realCardScan();
      const purchase = startPurchase(listMenu, { machines: { cardScan: first.logic } });
      await toPending(purchase, 'card_scan');
      await scanning(purchase);
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
});
