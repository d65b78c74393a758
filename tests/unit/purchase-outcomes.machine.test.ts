import { describe, it, expect } from 'vitest';
import { selectDrawerOpen } from '../../machines/purchase/purchase.selectors';
import { cola, listMenu, water } from '../fixtures/menus';
import { earlierPurchase } from '../fixtures/purchases';
import {
  type Options,
  type Purchase,
  startPurchase,
  continueToMethods,
  payWith,
  SUCCEEDED,
  FAILED,
} from './purchase-harness';

/** Back at the products, the drawer closed: Cola still selected, and the payment's method, result and receipt gone. */
function expectBackAtTheProducts(purchase: Purchase): void {
  expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
  expect(selectDrawerOpen(purchase.snapshot())).toBe(false);
  expect(purchase.snapshot().context).toMatchObject({
    selectedIds: [cola.id],
    method: undefined,
    result: undefined,
    receipt: undefined,
  });
}

describe('purchaseMachine', () => {
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
          expectBackAtTheProducts(purchase);
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
        expectBackAtTheProducts(purchase);
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
});
