import { describe, it, expect } from 'vitest';
import { createActor } from 'xstate';
import type { Menu } from '../../machines/menu/menu.types';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import {
  findProduct,
  initialSelection,
  needsPopup,
  offeredMethods,
  paymentOrder,
  pricedLines,
  purchaseRequest,
  selectApplePayUnavailable,
  selectOfferedMethods,
  selectShownProduct,
  selectSubmitFailure,
} from '../../machines/purchase/purchase.selectors';
import type { PurchaseContext } from '../../machines/purchase/purchase.types';
import { receiptOf } from '../../machines/purchase/receipt';
import {
  APPLE_PAY_CONFIG,
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
import { COLA_AND_WATER_RECEIPT, purchaseInput } from '../fixtures/purchases';

function context(menu: Menu, overrides: Partial<PurchaseContext> = {}): PurchaseContext {
  return {
    ...purchaseInput(menu),
    orderSource: { kind: 'menu' },
    selectedIds: initialSelection(menu),
    quantity: 1,
    customAmount: undefined,
    minutes: undefined,
    amountEntry: undefined,
    vacuum: undefined,
    sessionId: undefined,
    booking: undefined,
    submitFailure: undefined,
    googlePayReady: true,
    method: undefined,
    result: undefined,
    receipt: undefined,
    ...overrides,
  };
}

describe('initialSelection (requirements.md §2)', () => {
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

  it('no id, no product', () => {
    expect(findProduct(listMenu, undefined)).toBeUndefined();
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

  it('hourly (/vacuum): nothing to price or to book before a span is chosen (requirements.md §5)', () => {
    const ctx = context(gridMenu, { orderSource: { kind: 'hourly', now: '10:00', promotionMember: false } });
    expect(pricedLines({ ...ctx, selectedIds: [] })).toEqual([]);
    expect(purchaseRequest({ ...ctx, selectedIds: [] })).toEqual([]);
  });

  it('skips ids that are not in the menu', () => {
    expect(pricedLines(context(listMenu, { selectedIds: ['gone'] }))).toEqual([]);
  });
});

describe('paymentOrder: what every payment method is told', () => {
  it('the lines, their total with fees, the currency, the country and the session id as visitor uuid', () => {
    const order = paymentOrder(
      context(gridMenu, { selectedIds: [cola.id, water.id], sessionId: 'session-42', machineId: 'machine-9' }),
    );
    expect(order).toEqual({
      machineId: 'machine-9',
      visitorUuid: 'session-42',
      lines: pricedLines(context(gridMenu, { selectedIds: [cola.id, water.id] })),
      total: 19.22,
      currency: 'ILS',
      currencySymbol: '₪',
      countryCode: 'IL',
      customPrice: undefined,
      deferredPayment: false,
      config: gridMenu.frontend_config,
    });
  });

  it('QUANTITY multiplies the total; PRICE_INPUT passes the typed amount on', () => {
    expect(paymentOrder(context(quantityMenu, { quantity: 3 })).total).toBe(18);
    expect(paymentOrder(context(priceInputMenu, { customAmount: 20 }))).toMatchObject({ total: 22, customPrice: 20 });
  });

  it("once booked, the operator's lines and total, whatever the menu says (the amount shown is the amount charged)", () => {
    // The operator prices Cola at 13.00 + 0.40 fee, twice; the page's menu says 12.90 + 2.5 %.
    const booking = {
      sessionId: 'session-7',
      currency: 'ILS',
      lines: [{ productId: cola.id, name: 'Cola', count: 2, unitPrice: 13, unitFee: 0.4, lineTotal: 26.8 }],
      totals: { subtotal: 26, fees: 0.8, total: 26.8 },
    };
    const ctx = context(gridMenu, { selectedIds: [cola.id], sessionId: 'session-7', booking });
    expect(pricedLines(ctx)).toEqual([
      { product: cola, count: 2, unitPrice: 13, unitFee: 0.4, unitTotal: 13.4, lineTotal: 26.8 },
    ]);
    expect(paymentOrder(ctx)).toMatchObject({ total: 26.8, currency: 'ILS', visitorUuid: 'session-7' });
    // What set_purchase is asked stays the selection: the operator's answer is never sent back as a request.
    expect(purchaseRequest(ctx)).toEqual([{ product_id: cola.id, count: 1 }]);
  });

  it('a booked line the menu does not list is shown by the name the operator gave it', () => {
    const booking = {
      sessionId: 'session-8',
      currency: 'USD',
      lines: [{ productId: 'fee-99', name: 'Service call', count: 1, unitPrice: 4, unitFee: 0, lineTotal: 4 }],
      totals: { subtotal: 4, fees: 0, total: 4 },
    };
    const order = paymentOrder(context(listMenu, { booking }));
    expect(order.lines.map((line) => [line.product.name, line.lineTotal])).toEqual([['Service call', 4]]);
    expect(order).toMatchObject({ total: 4, currency: 'USD', currencySymbol: '$' });
  });

  it('before set_purchase has answered the visitor is unknown', () => {
    expect(paymentOrder(context(listMenu)).visitorUuid).toBeUndefined();
  });
});

describe('receiptOf: what the success page lists and the history keeps (requirements.md §2, §3)', () => {
  it('items at their price without the fee, adding up to the subtotal; subtotal + service fee = total', () => {
    // Cola 12.90 + 2.5 % (0.32); Water 5.00 + 1.00 flat.
    const lines = pricedLines(context(gridMenu, { selectedIds: [cola.id, water.id] }));
    const receipt = receiptOf('machine-7', lines, '₪');
    expect(receipt).toEqual(COLA_AND_WATER_RECEIPT);
  });

  it('a count multiplies the price without the fee; the stored unit price keeps its fee (requirements.md §3 pay_data)', () => {
    const lines = pricedLines(context(quantityMenu, { quantity: 3 }));
    expect(receiptOf('machine-7', lines, '₪')).toMatchObject({
      items: [{ name: 'Water', price: 6, count: 3, amount: 15 }],
      subtotal: 15,
      serviceFee: 3,
      total: 18,
    });
  });

  it('adds up to the cent: 3 × 0.10 is 0.30, not 0.30000000000000004', () => {
    const dime = { ...water, price: 0.1, convenience_fee_value: 0.05 };
    const lines = pricedLines(context(makeMenu({ product_view: 'QUANTITY', products: [dime] }), { quantity: 3 }));
    expect(receiptOf('machine-7', lines, '₪')).toMatchObject({
      items: [{ amount: 0.3 }],
      subtotal: 0.3,
      serviceFee: 0.15,
      total: 0.45,
    });
  });

  it('names no method: that is known only once one was used', () => {
    const lines = pricedLines(context(listMenu));
    expect(receiptOf('machine-7', lines, '₪').paidWith).toBeUndefined();
  });
});

describe('offeredMethods (requirements.md §2, from frontend_config)', () => {
  const offered = (menu: Menu, applePayAvailable = false, customAmount?: number, googlePayReady = true) =>
    offeredMethods({
      menu,
      applePayAvailable,
      googlePayReady,
      cardScanOrigin: 'https://scan.card.test',
      orderSource: { kind: 'menu' },
      selectedIds: initialSelection(menu),
      quantity: 1,
      customAmount,
      minutes: undefined,
      booking: undefined,
    });

  it('card scan is withdrawn while the build names no scanner: never offered at a placeholder', () => {
    const withScanner = (cardScanOrigin: string | undefined) =>
      offeredMethods({
        menu: listMenu,
        applePayAvailable: false,
        googlePayReady: true,
        cardScanOrigin,
        orderSource: { kind: 'menu' },
        selectedIds: initialSelection(listMenu),
        quantity: 1,
        customAmount: undefined,
        minutes: undefined,
        booking: undefined,
      });
    expect(withScanner(undefined)).toEqual(['google_pay', 'stripe', 'credit_card', 'bit']);
    expect(withScanner('https://scan.card.test')).toEqual(['google_pay', 'stripe', 'credit_card', 'card_scan', 'bit']);
  });

  it('every configured method, Apple Pay only when the browser can pay with it', () => {
    expect(offered(listMenu, false)).toEqual(['google_pay', 'stripe', 'credit_card', 'card_scan', 'bit']);
    expect(offered(listMenu, true)).toEqual(['google_pay', 'apple_pay', 'stripe', 'credit_card', 'card_scan', 'bit']);
  });

  it('Google Pay only once Google’s isReadyToPay answered true for this browser', () => {
    expect(offered(listMenu, false, undefined, false)).toEqual(['stripe', 'credit_card', 'card_scan', 'bit']);
    expect(
      offeredMethods({ ...context(listMenu), googlePayReady: undefined }),
      'not while the answer is unknown',
    ).not.toContain('google_pay');
  });

  it('a STRIP card terminal offers no card fields nor scan; disabled Bit is not offered', () => {
    expect(offered(makeMenu({ frontend_config: googlePayOnlyConfig }), true)).toEqual(['google_pay']);
  });

  it('a disabled card is not offered', () => {
    const config = { ...allMethodsConfig, credit_card: { enabled: false, type: 'TRANZILA' as const, terminal: 't' } };
    expect(offered(makeMenu({ frontend_config: config }))).toEqual(['google_pay', 'stripe', 'bit']);
  });

  it('Apple Pay needs a request Safari accepts: a known network, supports3DS and the merchant’s name', () => {
    const appleConfig = APPLE_PAY_CONFIG;
    const withApplePay = (changes: Partial<typeof appleConfig>) =>
      makeMenu({ frontend_config: { ...allMethodsConfig, apple_pay: { ...appleConfig, ...changes } } });
    expect(offered(withApplePay({}), true)).toContain('apple_pay');
    expect(offered(withApplePay({ supportedNetworks: [] }), true)).not.toContain('apple_pay');
    expect(offered(withApplePay({ supportedNetworks: ['notANetwork'] }), true)).not.toContain('apple_pay');
    expect(offered(withApplePay({ merchantCapabilities: ['supportsDebit'] }), true)).not.toContain('apple_pay');
    expect(offered(withApplePay({ displayName: undefined }), true)).not.toContain('apple_pay');
    // Not offered, so not announced as unavailable either.
    expect(
      selectApplePayUnavailable(
        createActor(purchaseMachine, {
          input: purchaseInput(withApplePay({ supportedNetworks: [] }), { applePayAvailable: false }),
        }).getSnapshot(),
      ),
    ).toBe(false);
  });

  it('Stripe needs a publishable key', () => {
    const config = { ...allMethodsConfig, stripe: { publishableKey: '' } };
    expect(offered(makeMenu({ frontend_config: config }))).not.toContain('stripe');
  });

  it('Bit only from its 5 NIS minimum, in shekels (Bit’s published terms)', () => {
    // The typed amount plus the donation's 10 % fee: 4.95 and 5.00.
    const bitMenu = { ...priceInputMenu, frontend_config: allMethodsConfig };
    expect(offered(bitMenu, false, 4.5)).not.toContain('bit');
    expect(offered(bitMenu, false, 4.55)).toContain('bit');
    expect(offered({ ...bitMenu, currency: 'USD' }, false, 20)).not.toContain('bit');
    // Exactly the minimum is enough: a 5.00 product with no fee.
    const fiveShekels = { ...cola, price: 5, convenience_fee_type: 'flat' as const, convenience_fee_value: 0 };
    expect(
      offered(makeMenu({ product_view: 'SINGLE', products: [fiveShekels], frontend_config: allMethodsConfig })),
    ).toContain('bit');
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
  const snapshotOf = (menu: Menu, applePayAvailable: boolean, applePaySupported = true) =>
    createActor(purchaseMachine, {
      input: purchaseInput(menu, { applePaySupported, applePayAvailable }),
    }).getSnapshot();

  it('selectApplePayUnavailable: configured, and the browser has Apple Pay but cannot pay with it', () => {
    expect(selectApplePayUnavailable(snapshotOf(listMenu, false))).toBe(true);
    expect(selectApplePayUnavailable(snapshotOf(listMenu, true))).toBe(false);
    expect(selectApplePayUnavailable(snapshotOf(makeMenu({ frontend_config: googlePayOnlyConfig }), false))).toBe(
      false,
    );
    // A browser without ApplePaySession (Android, Chrome) is not told about Apple Pay at all.
    expect(selectApplePayUnavailable(snapshotOf(listMenu, false, false))).toBe(false);
  });

  it('selectShownProduct: SINGLE and QUANTITY show the first available product, the one set_purchase is sent', () => {
    for (const product_view of ['SINGLE', 'QUANTITY'] as const) {
      // Chips, listed first, is sold out.
      const menu = makeMenu({ product_view, products: [chips, water, cola] });
      const snapshot = snapshotOf(menu, false);
      expect(selectShownProduct(snapshot), product_view).toBe(water);
      expect(purchaseRequest(snapshot.context), product_view).toEqual([{ product_id: water.id, count: 1 }]);
    }
  });

  it('selectShownProduct: none when no product is available', () => {
    const shown = (menu: Menu) => selectShownProduct(snapshotOf(menu, false));
    expect(shown(makeMenu({ product_view: 'SINGLE', products: [chips] }))).toBeUndefined();
    expect(shown(makeMenu({ product_view: 'QUANTITY', products: [] }))).toBeUndefined();
  });

  it('selectOfferedMethods follows the browser support', () => {
    expect(selectOfferedMethods(snapshotOf(listMenu, true))).toContain('apple_pay');
    expect(selectOfferedMethods(snapshotOf(listMenu, false))).not.toContain('apple_pay');
  });
});

describe('selectSubmitFailure: what the visitor is told when the purchase could not be submitted', () => {
  const LINK_SOURCE: PurchaseContext['orderSource'] = {
    kind: 'fixed',
    amount: 7.5,
    currency: 'ILS',
    label: 'Parking',
    deferredPayment: false,
    paymentIntent: undefined,
    signedQuery: 'machineId=1001&totalPrice=7.50',
    returnUrls: { success: undefined, failure: undefined },
  };
  const told = (overrides: Partial<PurchaseContext>) =>
    selectSubmitFailure({ context: context(listMenu, overrides) } as Parameters<typeof selectSubmitFailure>[0]);

  it("a payment link's booking: 410 expired, 409 already paid (docs/payments.md), any other the generic text", () => {
    expect(told({ orderSource: LINK_SOURCE, submitFailure: { kind: 'http', status: 410 } })).toBe('linkExpired');
    expect(told({ orderSource: LINK_SOURCE, submitFailure: { kind: 'http', status: 409 } })).toBe('linkAlreadyPaid');
    expect(told({ orderSource: LINK_SOURCE, submitFailure: { kind: 'http', status: 403 } })).toBe('failed');
    expect(told({ orderSource: LINK_SOURCE, submitFailure: { kind: 'offline' } })).toBe('failed');
    expect(told({ orderSource: LINK_SOURCE })).toBeUndefined();
  });

  it("set_purchase's 409 (machine not active) is no payment link's: the generic text", () => {
    expect(told({ submitFailure: { kind: 'http', status: 409 } })).toBe('failed');
    expect(told({ submitFailure: { kind: 'http', status: 410 } })).toBe('failed');
  });
});
