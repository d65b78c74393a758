import { describe, it, expect } from 'vitest';
import {
  MAX_QUANTITY,
  selectCanContinue,
  selectDrawerOpen,
  selectLines,
  selectTotals,
} from '../../machines/purchase/purchase.selectors';
import {
  chips,
  cola,
  gridMenu,
  gridSingleMenu,
  listMenu,
  makeMenu,
  priceInputMenu,
  quantityMenu,
  singleMenu,
  water,
} from '../fixtures/menus';
import { startPurchase, continueToMethods } from './purchase-harness';

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
      expect(purchase.snapshot().context.amountEntry?.getSnapshot().value).toEqual({ Short: 'BelowMinimum' });
      expect(purchase.calls).toEqual([]);
    });

    it('ignores a confirmed amount when the menu has no product', () => {
      const purchase = startPurchase(makeMenu({ product_view: 'PRICE_INPUT', products: [] }));
      purchase.actor.send({ type: 'amount.confirmed', amount: 5 });
      expect(purchase.snapshot().value).toBe('SELECT_PRODUCT');
    });
  });
});
