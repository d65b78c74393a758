import { describe, it, expect } from 'vitest';
import { createActor } from 'xstate';
import type { Menu } from '../../machines/menu/menu.types';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import {
  findProduct,
  initialSelection,
  needsPopup,
  offeredMethods,
  pricedLines,
  purchaseRequest,
  selectApplePayUnavailable,
  selectOfferedMethods,
} from '../../machines/purchase/purchase.selectors';
import type { PurchaseContext } from '../../machines/purchase/purchase.types';
import {
  allMethodsConfig,
  chips,
  cola,
  donation,
  googlePayOnlyConfig,
  gridMenu,
  listMenu,
  makeMenu,
  priceInputMenu,
  quantityMenu,
  singleMenu,
  water,
} from '../fixtures/menus';

function context(menu: Menu, overrides: Partial<PurchaseContext> = {}): PurchaseContext {
  return {
    machineId: 'machine-7',
    menu,
    applePayAvailable: false,
    selectedIds: initialSelection(menu),
    quantity: 1,
    customAmount: undefined,
    amountEntry: undefined,
    sessionId: undefined,
    submitFailure: undefined,
    method: undefined,
    outcome: undefined,
    ...overrides,
  };
}

describe('initialSelection (spec §2)', () => {
  it('LIST: the most popular available product', () => {
    expect(initialSelection(listMenu)).toEqual([water.id]);
    expect(initialSelection(makeMenu({ products: [cola, chips] }))).toEqual([]);
  });

  it('SINGLE and QUANTITY: the first available product', () => {
    expect(initialSelection(singleMenu)).toEqual([cola.id]);
    expect(initialSelection(quantityMenu)).toEqual([water.id]);
    expect(initialSelection(makeMenu({ product_view: 'QUANTITY', products: [chips] }))).toEqual([]);
  });

  it('GRID and PRICE_INPUT: nothing', () => {
    expect(initialSelection(gridMenu)).toEqual([]);
    expect(initialSelection(priceInputMenu)).toEqual([]);
  });
});

describe('findProduct', () => {
  it('finds by id, numeric or string', () => {
    expect(findProduct(listMenu, 1)).toBe(cola);
    expect(findProduct(listMenu, 'chips-3')).toBe(chips);
    expect(findProduct(listMenu, '1')).toBeUndefined();
  });
});

describe('pricedLines and purchaseRequest', () => {
  it('one line per selected product, count 1 outside QUANTITY', () => {
    const lines = pricedLines(context(gridMenu, { selectedIds: [cola.id, water.id], quantity: 5 }));
    expect(lines.map((line) => [line.product.id, line.count, line.lineTotal])).toEqual([
      [1, 1, 13.22],
      [2, 1, 6],
    ]);
  });

  it('QUANTITY multiplies by the quantity', () => {
    const request = purchaseRequest(context(quantityMenu, { quantity: 4 }));
    expect(request).toEqual([{ product_id: water.id, count: 4 }]);
  });

  it('PRICE_INPUT prices the first product at the typed amount and sends custom_price', () => {
    const ctx = context(priceInputMenu, { customAmount: 20 });
    expect(pricedLines(ctx)).toMatchObject([{ product: donation, unitPrice: 20, unitFee: 2, unitTotal: 22 }]);
    expect(purchaseRequest(ctx)).toEqual([{ product_id: donation.id, count: 1, custom_price: 20 }]);
  });

  it('PRICE_INPUT without an amount has no line', () => {
    expect(pricedLines(context(priceInputMenu))).toEqual([]);
  });

  it('skips ids that are not in the menu', () => {
    expect(pricedLines(context(listMenu, { selectedIds: ['gone'] }))).toEqual([]);
  });
});

describe('offeredMethods (spec §2, from frontend_config)', () => {
  const offered = (menu: Menu, applePayAvailable = false) => offeredMethods({ menu, applePayAvailable });

  it('every configured method, Apple Pay only when the browser can pay with it', () => {
    expect(offered(listMenu, false)).toEqual(['google_pay', 'stripe', 'credit_card', 'card_scan', 'bit']);
    expect(offered(listMenu, true)).toEqual(['google_pay', 'apple_pay', 'stripe', 'credit_card', 'card_scan', 'bit']);
  });

  it('a STRIP card terminal offers no card fields nor scan; disabled Bit is not offered', () => {
    expect(offered(makeMenu({ frontend_config: googlePayOnlyConfig }), true)).toEqual(['google_pay']);
  });

  it('a disabled card is not offered', () => {
    const config = { ...allMethodsConfig, credit_card: { enabled: false, type: 'TRANZILA' as const, terminal: 't' } };
    expect(offered(makeMenu({ frontend_config: config }))).toEqual(['google_pay', 'stripe', 'bit']);
  });

  it('Stripe needs a publishable key', () => {
    const config = { ...allMethodsConfig, stripe: { publishableKey: '' } };
    expect(offered(makeMenu({ frontend_config: config }))).not.toContain('stripe');
  });

  it('nothing configured, nothing offered', () => {
    expect(offered(makeMenu({ frontend_config: {} }), true)).toEqual([]);
  });
});

describe('needsPopup', () => {
  it('card entry, card scan and Bit explain themselves first', () => {
    expect(needsPopup('credit_card')).toBe(true);
    expect(needsPopup('card_scan')).toBe(true);
    expect(needsPopup('bit')).toBe(true);
    expect(needsPopup('google_pay')).toBe(false);
    expect(needsPopup('apple_pay')).toBe(false);
    expect(needsPopup('stripe')).toBe(false);
    expect(needsPopup(undefined)).toBe(false);
  });
});

describe('snapshot selectors', () => {
  const snapshotOf = (menu: Menu, applePayAvailable: boolean) =>
    createActor(purchaseMachine, { input: { machineId: 'm', menu, applePayAvailable } }).getSnapshot();

  it('selectApplePayUnavailable: configured but not supported by the browser', () => {
    expect(selectApplePayUnavailable(snapshotOf(listMenu, false))).toBe(true);
    expect(selectApplePayUnavailable(snapshotOf(listMenu, true))).toBe(false);
    expect(selectApplePayUnavailable(snapshotOf(makeMenu({ frontend_config: googlePayOnlyConfig }), false))).toBe(
      false,
    );
  });

  it('selectOfferedMethods follows the browser support', () => {
    expect(selectOfferedMethods(snapshotOf(listMenu, true))).toContain('apple_pay');
    expect(selectOfferedMethods(snapshotOf(listMenu, false))).not.toContain('apple_pay');
  });
});
