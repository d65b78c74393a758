/**
 * The purchases local storage keeps (requirements.md §3): pay_data, the purchase on its way to being paid, and
 * pay_history, each machine's paid purchases, newest first. Receipts an earlier version wrote are still read.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '../../machines/purchase/receipt';
import { purchaseStorage } from '../../src/lib/purchase-storage';
import { earlierPurchase } from '../fixtures/purchases';

const store = new Map<string, string>();

beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
});

const colaOn = (machineId: string): Receipt => ({
  ...earlierPurchase,
  machineId,
  items: [{ name: 'Cola', price: 13.22, symbol: '₪', count: 1, amount: 12.9 }],
  subtotal: 12.9,
  serviceFee: 0.32,
  total: 13.22,
});

/** What an earlier version stored: items with their price including the fee, no amount, no method. */
const { paidWith: _, ...writtenBefore } = {
  ...earlierPurchase,
  items: [{ name: 'Water', price: 6, symbol: '₪', count: 2 }],
};

describe('pay_history', () => {
  it("the latest purchase is the machine's newest one, as it was stored", () => {
    purchaseStorage.addToHistory(earlierPurchase);
    purchaseStorage.addToHistory(colaOn('machine-8'));
    expect(purchaseStorage.latestPurchase('machine-7')).toEqual(earlierPurchase);
    purchaseStorage.addToHistory(colaOn('machine-7'));
    expect(purchaseStorage.latestPurchase('machine-7')).toEqual(colaOn('machine-7'));
    expect(purchaseStorage.latestPurchase('machine-9')).toBeUndefined();
  });

  it('a receipt an earlier version stored keeps its totals, without item lines it cannot price', () => {
    store.set('pay_history', JSON.stringify({ 'machine-7': [writtenBefore] }));
    expect(purchaseStorage.latestPurchase('machine-7')).toEqual({ ...writtenBefore, items: [] });
  });

  it('anything else stored there is no purchase', () => {
    for (const stored of ['{"machine-7": ["junk"]}', '{"machine-7": [null]}', 'not json']) {
      store.set('pay_history', stored);
      expect(purchaseStorage.latestPurchase('machine-7'), stored).toBeUndefined();
    }
  });
});

describe('pay_data', () => {
  it('is the purchase remembered, and its total is the stored price', () => {
    purchaseStorage.rememberPurchase(colaOn('machine-7'));
    expect(purchaseStorage.rememberedPurchase()).toEqual(colaOn('machine-7'));
    expect(store.get('price')).toBe('13.22');
    expect(store.get('machine_id')).toBe('machine-7');
  });

  it('one an earlier version remembered keeps its totals, without item lines', () => {
    store.set('pay_data', JSON.stringify(writtenBefore));
    expect(purchaseStorage.rememberedPurchase()).toEqual({ ...writtenBefore, items: [] });
  });
});
