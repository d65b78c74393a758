import { describe, it, expect } from 'vitest';
import { selectDrawerOpen } from '../../machines/purchase/purchase.selectors';
import { ApiError } from '../../machines/shared/api-failure';
import { cola, gridMenu, listMenu, priceInputMenu, quantityMenu, water } from '../fixtures/menus';
import { COLA_AND_WATER_RECEIPT } from '../fixtures/purchases';
import { startPurchase, type Purchase, continueToMethods } from './purchase-harness';

describe('purchaseMachine', () => {
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
      expect(purchase.remembered).toEqual([COLA_AND_WATER_RECEIPT]);
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
