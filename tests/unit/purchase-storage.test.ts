/**
 * The purchases local storage keeps (requirements.md §3): pay_data, the purchase on its way to being paid, and
 * pay_history, each machine's paid purchases, newest first. Receipts an earlier version wrote are still read.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '../../machines/purchase/receipt';
import { purchaseStorage } from '../../src/lib/purchase-storage';
import { earlierPurchase } from '../fixtures/purchases';
import { stubLocalStorage } from '../fixtures/local-storage';

const store = new Map<string, string>();

beforeEach(() => {
  store.clear();
  stubLocalStorage(store);
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

describe('payStatus', () => {
  it('is what a method set, until cleared', () => {
    expect(purchaseStorage.payStatus()).toBeNull();
    purchaseStorage.setPayStatus('failed');
    expect(store.get('payStatus')).toBe('failed');
    expect(purchaseStorage.payStatus()).toBe('failed');
    purchaseStorage.clearPayStatus();
    expect(store.has('payStatus')).toBe(false);
    expect(purchaseStorage.payStatus()).toBeNull();
  });
});

describe('a payment underway', () => {
  const PAGE = 'https://app.test/pay?machine_id=machine-7';

  it('is remembered as pending with its session and the page it started on', () => {
    purchaseStorage.rememberPaymentUnderway('session-cola', PAGE);
    expect(Object.fromEntries(store)).toEqual({
      payStatus: 'pending',
      payment_underway_session: 'session-cola',
      payment_underway_page: PAGE,
    });
  });

  it('is found for the machine it was made on, with its receipt', () => {
    purchaseStorage.rememberPurchase(colaOn('machine-7'));
    purchaseStorage.rememberPaymentUnderway('session-cola', PAGE);
    expect(purchaseStorage.paymentUnderway('machine-7')).toEqual({
      sessionId: 'session-cola',
      receipt: colaOn('machine-7'),
    });
  });

  it('is none for another machine, without a receipt, without a session, or once no longer pending', () => {
    purchaseStorage.rememberPurchase(colaOn('machine-7'));
    purchaseStorage.rememberPaymentUnderway('session-cola', PAGE);
    expect(purchaseStorage.paymentUnderway('machine-8')).toBeUndefined();

    store.set('payment_underway_session', '');
    expect(purchaseStorage.paymentUnderway('machine-7')).toBeUndefined();
    store.delete('payment_underway_session');
    expect(purchaseStorage.paymentUnderway('machine-7')).toBeUndefined();

    store.set('payment_underway_session', 'session-cola');
    store.set('payStatus', 'failed');
    expect(purchaseStorage.paymentUnderway('machine-7')).toBeUndefined();

    store.set('payStatus', 'pending');
    store.delete('pay_data');
    expect(purchaseStorage.paymentUnderway('machine-7')).toBeUndefined();
  });

  it('is forgotten once its end is shown: the pending status goes, a failed one stays (requirements.md §3)', () => {
    store.set('pay_data', '{}');
    purchaseStorage.rememberPaymentUnderway('session-cola', PAGE);
    purchaseStorage.forgetPaymentUnderway();
    expect(Object.fromEntries(store)).toEqual({ pay_data: '{}' });

    purchaseStorage.rememberPaymentUnderway('session-cola', PAGE);
    purchaseStorage.setPayStatus('failed');
    purchaseStorage.forgetPaymentUnderway();
    expect(Object.fromEntries(store)).toEqual({ pay_data: '{}', payStatus: 'failed' });
  });
});

describe('pay_history, written', () => {
  it('puts the newest first, per machine, as JSON under pay_history', () => {
    purchaseStorage.addToHistory(earlierPurchase);
    purchaseStorage.addToHistory(colaOn('machine-7'));
    purchaseStorage.addToHistory(colaOn('machine-8'));
    expect(JSON.parse(store.get('pay_history') ?? 'null')).toEqual({
      'machine-7': [colaOn('machine-7'), earlierPurchase],
      'machine-8': [colaOn('machine-8')],
    });
  });

  it('keeps the ten newest purchases of a machine', () => {
    const receipts = Array.from({ length: 11 }, (_, n) => ({ ...earlierPurchase, transactionId: `tx-${String(n)}` }));
    for (const receipt of receipts) purchaseStorage.addToHistory(receipt);
    const kept = (JSON.parse(store.get('pay_history') ?? 'null') as Record<string, Receipt[]>)['machine-7'] ?? [];
    expect(kept.map((receipt) => receipt.transactionId)).toEqual([
      'tx-10',
      'tx-9',
      'tx-8',
      'tx-7',
      'tx-6',
      'tx-5',
      'tx-4',
      'tx-3',
      'tx-2',
      'tx-1',
    ]);
  });

  it('starts afresh over a history it cannot read', () => {
    store.set('pay_history', 'not json');
    purchaseStorage.addToHistory(earlierPurchase);
    expect(JSON.parse(store.get('pay_history') ?? 'null')).toEqual({ 'machine-7': [earlierPurchase] });
  });

  it('a stored receipt without items, or with an item that is not one, keeps its totals only', () => {
    const { items: _items, ...withoutItems } = earlierPurchase;
    store.set(
      'pay_history',
      JSON.stringify({ 'machine-7': [withoutItems], 'machine-8': [{ ...earlierPurchase, items: [null] }] }),
    );
    expect(purchaseStorage.latestPurchase('machine-7')).toEqual({ ...withoutItems, items: [] });
    expect(purchaseStorage.latestPurchase('machine-8')).toEqual({ ...earlierPurchase, items: [] });
  });

  it('one unreadable item line drops them all: no line is shown wrong', () => {
    const mixed = { ...colaOn('machine-7'), items: [...colaOn('machine-7').items, { name: 'Water', price: 6 }] };
    store.set('pay_history', JSON.stringify({ 'machine-7': [mixed] }));
    expect(purchaseStorage.latestPurchase('machine-7')).toEqual({ ...mixed, items: [] });
  });
});

describe('storage that is off', () => {
  it('reads as nothing stored', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
      setItem: () => {},
      removeItem: () => {},
    });
    expect(purchaseStorage.rememberedPurchase()).toBeUndefined();
    expect(purchaseStorage.latestPurchase('machine-7')).toBeUndefined();
  });
});
