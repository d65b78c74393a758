import { describe, it, expect } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Menu } from '../../machines/menu/menu.types';
import { purchaseMachine, type SetPurchaseInput } from '../../machines/purchase/purchase.machine';
import {
  MAX_QUANTITY,
  selectCanContinue,
  selectDrawerOpen,
  selectLines,
  selectTotals,
} from '../../machines/purchase/purchase.selectors';
import type { PaymentMethod } from '../../machines/purchase/purchase.types';
import { ApiError } from '../../machines/shared/api-failure';
import {
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

interface Options {
  applePayAvailable?: boolean;
  /** What the fake POST /api/menu/set_purchase does; resolves with a session id by default. */
  setPurchase?: (input: SetPurchaseInput) => Promise<string>;
}

function startPurchase(menu: Menu, options: Options = {}) {
  const calls: SetPurchaseInput[] = [];
  let sessions = 0;
  const respond = options.setPurchase ?? (() => Promise.resolve(`session-${++sessions}`));
  const actor = createActor(
    purchaseMachine.provide({
      actors: {
        setPurchase: fromPromise<string, SetPurchaseInput>(({ input }) => {
          calls.push(input);
          return respond(input);
        }),
      },
    }),
    { input: { machineId: 'machine-7', menu, applePayAvailable: options.applePayAvailable ?? false } },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const settle = () => waitFor(actor, (s) => !s.hasTag('busy'));
  return { actor, calls, snapshot, settle };
}

type Purchase = ReturnType<typeof startPurchase>;

/** Continue from SELECT_PRODUCT and wait for set_purchase to answer. */
async function continueToMethods(purchase: Purchase) {
  purchase.actor.send({ type: 'purchase.continue' });
  await purchase.settle();
  expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
}

async function toPending(purchase: Purchase, method: PaymentMethod = 'google_pay') {
  await continueToMethods(purchase);
  purchase.actor.send({ type: 'method.select', method });
  purchase.actor.send({ type: 'method.continue' });
  if (purchase.snapshot().matches({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' })) {
    purchase.actor.send({ type: 'popup.continue' });
  }
  expect(purchase.snapshot().value).toBe('INIT_METHOD_PENDING');
}

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

  describe('SELECT_PAYMENT_METHOD', () => {
    it('method.select accepts only offered methods', async () => {
      const purchase = startPurchase(listMenu, { applePayAvailable: false });
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
      for (const method of ['credit_card', 'card_scan', 'bit', 'stripe', 'apple_pay'] as const) {
        purchase.actor.send({ type: 'method.select', method });
        expect(purchase.snapshot().context.method).toBeUndefined();
      }
      purchase.actor.send({ type: 'method.select', method: 'google_pay' });
      expect(purchase.snapshot().context.method).toBe('google_pay');
    });

    it('method.continue without a method does nothing', async () => {
      const purchase = startPurchase(listMenu);
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'method.continue' });
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
    });

    for (const method of ['credit_card', 'card_scan', 'bit'] as const) {
      it(`${method}: the popup explains first; cancel goes back, continue starts the method`, async () => {
        const purchase = startPurchase(listMenu);
        await continueToMethods(purchase);
        purchase.actor.send({ type: 'method.select', method });
        purchase.actor.send({ type: 'method.continue' });
        expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' });
        purchase.actor.send({ type: 'popup.cancel' });
        expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
        expect(purchase.snapshot().context.method).toBe(method);
        purchase.actor.send({ type: 'method.continue' });
        purchase.actor.send({ type: 'popup.continue' });
        expect(purchase.snapshot().value).toBe('INIT_METHOD_PENDING');
        expect(purchase.snapshot().context.method).toBe(method);
      });
    }

    for (const method of ['google_pay', 'stripe', 'apple_pay'] as const) {
      it(`${method}: continue goes straight to INIT_METHOD_PENDING`, async () => {
        const purchase = startPurchase(listMenu, { applePayAvailable: true });
        await continueToMethods(purchase);
        purchase.actor.send({ type: 'method.select', method });
        purchase.actor.send({ type: 'method.continue' });
        expect(purchase.snapshot().value).toBe('INIT_METHOD_PENDING');
        expect(selectDrawerOpen(purchase.snapshot())).toBe(true);
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

  describe('drawer.close returns to SELECT_PRODUCT keeping the selection', () => {
    const reach: Record<string, (purchase: Purchase) => Promise<void>> = {
      ChoosingMethod: continueToMethods,
      ExplainingMethod: async (purchase) => {
        await continueToMethods(purchase);
        purchase.actor.send({ type: 'method.select', method: 'bit' });
        purchase.actor.send({ type: 'method.continue' });
        expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ExplainingMethod' });
      },
      INIT_METHOD_PENDING: (purchase) => toPending(purchase),
      PAYMENT_SUCCESS: async (purchase) => {
        await toPending(purchase);
        purchase.actor.send({ type: 'payment.succeeded', transactionId: 'tx-1' });
        expect(purchase.snapshot().value).toBe('PAYMENT_SUCCESS');
      },
      PAYMENT_FAILURE: async (purchase) => {
        await toPending(purchase);
        purchase.actor.send({ type: 'payment.failed', message: 'Declined' });
        expect(purchase.snapshot().value).toBe('PAYMENT_FAILURE');
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
        expect(purchase.snapshot().context.outcome).toBeUndefined();
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

  describe('payment outcome', () => {
    it('payment.succeeded reaches PAYMENT_SUCCESS with the outcome', async () => {
      const purchase = startPurchase(listMenu);
      await toPending(purchase);
      purchase.actor.send({ type: 'payment.succeeded', transactionId: 'tx-9', message: 'Approved' });
      expect(purchase.snapshot().value).toBe('PAYMENT_SUCCESS');
      expect(purchase.snapshot().context.outcome).toEqual({
        transactionId: 'tx-9',
        message: 'Approved',
        code: undefined,
      });
    });

    it('payment.failed reaches PAYMENT_FAILURE with the outcome', async () => {
      const purchase = startPurchase(listMenu);
      await toPending(purchase, 'credit_card');
      purchase.actor.send({ type: 'payment.failed', message: 'Declined', code: 51, transactionId: 'tx-10' });
      expect(purchase.snapshot().value).toBe('PAYMENT_FAILURE');
      expect(purchase.snapshot().context.outcome).toEqual({ transactionId: 'tx-10', message: 'Declined', code: 51 });
    });

    it('payment events are ignored before the method starts', async () => {
      const purchase = startPurchase(listMenu);
      await continueToMethods(purchase);
      purchase.actor.send({ type: 'payment.succeeded', transactionId: 'tx-1' });
      expect(purchase.snapshot().value).toEqual({ SELECT_PAYMENT_METHOD: 'ChoosingMethod' });
    });

    it('purchase.retry returns to SELECT_PRODUCT with the selection kept', async () => {
      const purchase = startPurchase(listMenu);
      purchase.actor.send({ type: 'product.select', productId: cola.id });
      await toPending(purchase, 'bit');
      purchase.actor.send({ type: 'payment.failed', message: 'Declined' });
      purchase.actor.send({ type: 'purchase.retry' });
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
      expect(purchase.snapshot().context.selectedIds).toEqual([cola.id]);
      expect(purchase.snapshot().context.outcome).toBeUndefined();
      expect(purchase.snapshot().context.method).toBeUndefined();
    });

    it('purchase.retry is only offered after a failure', async () => {
      const purchase = startPurchase(listMenu);
      await toPending(purchase);
      purchase.actor.send({ type: 'payment.succeeded' });
      purchase.actor.send({ type: 'purchase.retry' });
      expect(purchase.snapshot().value).toBe('PAYMENT_SUCCESS');
    });
  });
});
