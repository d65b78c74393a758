/**
 * requirements.md §3 Menu and Product fields as the menu call answers them (money as numbers or decimal strings,
 * defaults: currency ILS, language en always offered), §8 (a menu without product_view or session_uuid
 * is logged only), §7 (menu/get, set_purchase whose session_id replaces the session uuid, get_iframe
 * with the page's query), and the operator's hosted-page verify and card-processor handshake calls.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { getPaymentIframe } from '../../src/api/custom-payment';
import { verifyHostedPayment } from '../../src/api/hosted-page';
import { getMenu, menuSchema, toMenu, withMerchantName } from '../../src/api/menu';
import { isApplePayConfigured } from '../../machines/payment/methods/apple-pay/apple-pay.request';
import { allMethodsConfig, APPLE_PAY_CONFIG, listMenu } from '../fixtures/menus';
import { setPurchase } from '../../src/api/purchase';
import { createTranzilaHandshake } from '../../src/api/tranzila';
import type { ReturnedPayment } from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import { fakeApi, query, type Sent } from '../fixtures/fake-api';
import { attempt, twoLineOrder } from '../fixtures/orders';

const product = { id: 1, name: 'Cola', price: 12.9 };
const menuAnswer = (fields: object = {}) => ({ products: [product], is_active: true, ...fields });
const parse = (fields: object) => v.parse(menuSchema, menuAnswer(fields));
const fails = (fields: object) => !v.safeParse(menuSchema, menuAnswer(fields)).success;
const only = (sent: Sent[]) => {
  expect(sent).toHaveLength(1);
  return sent[0] as Sent;
};

describe('the menu answer (requirements.md §3)', () => {
  it('gives a product its defaults: no description or image, available, not most popular, no fee', () => {
    expect(parse({}).products[0]).toEqual({
      id: 1,
      name: 'Cola',
      price: 12.9,
      description: '',
      image_url: '',
      available: true,
      is_most_popular: false,
      convenience_fee_type: 'flat',
      convenience_fee_value: 0,
    });
    expect(parse({ products: [{ ...product, description: null, image_url: null }] }).products[0]).toMatchObject({
      description: '',
      image_url: '',
    });
    expect(
      parse({ products: [{ ...product, description: 'Cold', image_url: 'https://img/c.png', global_id: 'g-1' }] })
        .products[0],
    ).toMatchObject({ description: 'Cold', image_url: 'https://img/c.png', global_id: 'g-1' });
  });

  it('reads money as a non-negative number or a decimal string', () => {
    expect(
      parse({ products: [{ ...product, price: '12.90', convenience_fee_value: '0.5' }] }).products[0],
    ).toMatchObject({
      price: 12.9,
      convenience_fee_value: 0.5,
    });
    expect(parse({ products: [{ ...product, convenience_fee_type: 'percent' }] }).products[0]).toMatchObject({
      convenience_fee_type: 'percent',
    });
    expect(fails({ products: [{ ...product, price: -1 }] })).toBe(true);
    expect(fails({ products: [{ ...product, price: '12,90' }] })).toBe(true);
    expect(fails({ products: [{ ...product, convenience_fee_type: 'per-item' }] })).toBe(true);
  });

  it('needs a product id (a number or a non-empty string) and a name', () => {
    expect(parse({ products: [{ ...product, id: 'p-1' }] }).products[0]?.id).toBe('p-1');
    expect(fails({ products: [{ ...product, id: '' }] })).toBe(true);
    expect(fails({ products: [{ ...product, name: '' }] })).toBe(true);
    expect(fails({ products: [{ ...product, global_id: '' }] })).toBe(true);
  });

  it('defaults currency to ILS and ₪, multiple products off, no frontend config', () => {
    expect(parse({})).toMatchObject({
      currency: 'ILS',
      currency_symbol: '₪',
      allow_multiple_products: false,
      frontend_config: {},
    });
    expect(fails({ currency: '' })).toBe(true);
    expect(parse({ currency: 'EUR', currency_symbol: '€' })).toMatchObject({ currency: 'EUR', currency_symbol: '€' });
  });

  it('offers en, he, fr, es by default; drops unknown codes, reads any case, always keeps en', () => {
    expect(parse({}).available_languages).toEqual(['en', 'he', 'fr', 'es']);
    expect(parse({ available_languages: ['HE', 'ru', 'fr'] }).available_languages).toEqual(['en', 'he', 'fr']);
    expect(parse({ available_languages: ['es', 'en'] }).available_languages).toEqual(['es', 'en']);
    expect(parse({ available_languages: [] }).available_languages).toEqual(['en']);
  });

  it('reads frontend_config: card provider, terminal, wallets, Bit, Stripe', () => {
    const config = parse({
      frontend_config: {
        credit_card: { enabled: true, type: 'TRANZILA' },
        bit: { enabled: true },
        stripe: { publishableKey: 'pk_test' },
        google_pay: { allowedPaymentMethods: [], merchantInfo: { merchantId: 'm' }, environment: 'TEST' },
        apple_pay: {
          supportedNetworks: ['visa'],
          merchantCapabilities: ['supports3DS'],
          environment: 'TEST',
          merchantIdentifier: 'merchant.x',
        },
      },
    }).frontend_config;
    expect(config.credit_card).toEqual({ enabled: true, type: 'TRANZILA', terminal: '' });
    expect(config.bit).toEqual({ enabled: true, type: '' });
    expect(config.stripe).toEqual({ publishableKey: 'pk_test' });
    expect(fails({ frontend_config: { credit_card: { enabled: true, type: 'PAYPAL' } } })).toBe(true);
    expect(fails({ frontend_config: { apple_pay: { supportedNetworks: ['visa'] } } })).toBe(true);
    expect(fails({ frontend_config: { google_pay: { environment: 'TEST' } } })).toBe(true);
  });

  it('logs a menu without product_view (shown as the list) or session_uuid, and nothing otherwise (requirements.md §8)', () => {
    const logged: string[] = [];
    const menu = toMenu(parse({ technician_phone_number: null, session_uuid: null }), (m) => logged.push(m));
    expect(menu.product_view).toBe('LIST');
    expect(menu.session_uuid).toBeUndefined();
    expect(menu.technician_phone_number).toBeUndefined();
    expect(menu.products[0]?.global_id).toBeUndefined();
    expect(logged).toEqual(['menu has no product_view; showing the list view', 'menu has no session_uuid']);

    const quiet: string[] = [];
    const full = toMenu(
      parse({
        product_view: 'GRID',
        session_uuid: 's-1',
        technician_phone_number: '050',
        products: [{ ...product, global_id: 9 }],
      }),
      (m) => quiet.push(m),
    );
    expect(quiet).toEqual([]);
    expect(full).toMatchObject({ product_view: 'GRID', session_uuid: 's-1', technician_phone_number: '050' });
    expect(full.products[0]?.global_id).toBe(9);
  });
});

describe("Apple Pay's merchant name for a menu shaped as requirements.md §3 (no displayName)", () => {
  const { displayName: _named, ...specShaped } = APPLE_PAY_CONFIG;
  const menu = { ...listMenu, frontend_config: { ...allMethodsConfig, apple_pay: specShaped } };

  it("takes the build's name, so that Apple Pay is still offered", () => {
    expect(isApplePayConfigured(menu.frontend_config.apple_pay)).toBe(false);
    const named = withMerchantName(menu, ' PayPoint ');
    expect(named.frontend_config.apple_pay?.displayName).toBe('PayPoint');
    expect(isApplePayConfigured(named.frontend_config.apple_pay)).toBe(true);
  });

  it("keeps the menu's own name, and changes nothing without a build name or an Apple Pay config", () => {
    expect(withMerchantName(listMenu, 'PayPoint')).toBe(listMenu);
    expect(withMerchantName(menu, '  ')).toBe(menu);
    const noApplePay = { ...listMenu, frontend_config: {} };
    expect(withMerchantName(noApplePay, 'PayPoint')).toBe(noApplePay);
  });
});

describe('menu and purchase calls (requirements.md §7)', () => {
  it("GET menu/get with machine_id and the sticker's code; the menu's session_uuid becomes the client's", async () => {
    const { client, sent } = fakeApi(menuAnswer({ product_view: 'LIST', session_uuid: 'menu-session' }));
    const menu = await getMenu(client, 'machine-7', { qr: 'c0de-7' });
    expect(menu.session_uuid).toBe('menu-session');
    const call = only(sent);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe('/v4/api/menu/get');
    expect(query(call)).toEqual({ machine_id: 'machine-7', qr: 'c0de-7', session_uuid: 'session-1' });
    expect(client.sessionUuid()).toBe('menu-session');

    const without = fakeApi(menuAnswer({ product_view: 'LIST' }));
    await getMenu(without.client, 'machine-7', { qr: 'c0de-7' });
    expect(without.client.sessionUuid()).toBe('session-1');
  });

  it("GET menu/get from an address without a code sends none (the operator refuses it); a payment link's page sends its query", async () => {
    const bare = fakeApi(menuAnswer({ product_view: 'LIST' }));
    await getMenu(bare.client, 'machine-7', { qr: undefined });
    expect(query(only(bare.sent))).toEqual({ machine_id: 'machine-7', session_uuid: 'session-1' });

    const link = fakeApi(menuAnswer({ product_view: 'LIST' }));
    await getMenu(link.client, '1001', { paymentLink: 'machineId=1001&totalPrice=7.50&signature=ab' });
    expect(query(only(link.sent))).toEqual({
      machine_id: '1001',
      payment_link: 'machineId=1001&totalPrice=7.50&signature=ab',
      session_uuid: 'session-1',
    });
  });

  it("POST set_purchase sends the lines; its session_id replaces the session uuid; the operator's pricing is kept", async () => {
    const priced = {
      currency: 'ILS',
      lines: [{ product_id: 1, name: 'Cola', count: 2, unit_price: 6.5, unit_fee: 0.16, line_total: 13.32 }],
      subtotal: 13,
      fees: 0.32,
      total: 13.32,
    };
    const { client, sent } = fakeApi({ session_id: 'purchase-session', ...priced });
    const lines = [{ product_id: 1, count: 2 }];
    await expect(setPurchase(client, 'machine-7', lines)).resolves.toEqual({
      sessionId: 'purchase-session',
      currency: 'ILS',
      lines: [{ productId: 1, name: 'Cola', count: 2, unitPrice: 6.5, unitFee: 0.16, lineTotal: 13.32 }],
      totals: { subtotal: 13, fees: 0.32, total: 13.32 },
    });
    const call = only(sent);
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v4/api/menu/set_purchase');
    expect(query(call)).toEqual({ machine_id: 'machine-7', session_uuid: 'session-1' });
    expect(call.body).toEqual(lines);
    expect(client.sessionUuid()).toBe('purchase-session');
    for (const answer of [
      { ...priced, session_id: '' },
      { session_id: 'no-pricing' },
      { ...priced, session_id: 's', total: 0 },
      { ...priced, session_id: 's', lines: [] },
    ]) {
      await expect(setPurchase(fakeApi(answer).client, 'm', lines), JSON.stringify(answer)).rejects.toMatchObject({
        failure: { kind: 'invalid-answer' },
      });
    }
  });

  it("GET get_iframe passes the page's query on (a repeated parameter keeps its last value)", async () => {
    const { client, sent } = fakeApi({ iframe_url: 'https://pay.example/i', payment: { visitor_uuid: 'v-1' } });
    await expect(getPaymentIframe(client, '?a=1&b=2&a=3')).resolves.toEqual({
      iframeUrl: 'https://pay.example/i',
      visitorUuid: 'v-1',
    });
    const call = only(sent);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe('/v4/api/merchants/custom/get_iframe');
    expect(query(call)).toEqual({ a: '3', b: '2', session_uuid: 'session-1' });
    for (const answer of [
      { iframe_url: '', payment: { visitor_uuid: 'v' } },
      { iframe_url: 'https://p/', payment: { visitor_uuid: '' } },
    ]) {
      await expect(getPaymentIframe(fakeApi(answer).client, '')).rejects.toMatchObject({
        failure: { kind: 'invalid-answer' },
      });
    }
  });

  it('POST hosted_page/verify sends what the hosted page returned and answers the pay response', async () => {
    const { client, sent } = fakeApi({ status: 0, msg: 'ok', data: { transaction_id: 5 } });
    const returned = { Id: '5', CCode: '0' } as unknown as ReturnedPayment;
    await expect(verifyHostedPayment(client, attempt(twoLineOrder), returned)).resolves.toEqual({
      status: 0,
      msg: 'ok',
      transactionId: '5',
    });
    const call = only(sent);
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v4/api/payment/post/hosted_page/verify');
    expect(query(call)).toEqual({ machine_id: 'machine-7', session_uuid: 'session-1' });
    expect(call.body).toEqual(returned);
  });

  it('POST tranzila/handshake answers the non-empty token the charge carries', async () => {
    const { client, sent } = fakeApi({ thtk: 'token' });
    await expect(createTranzilaHandshake(client, attempt(twoLineOrder))).resolves.toBe('token');
    const call = only(sent);
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v4/api/payment/pre/tranzila/handshake');
    expect(query(call)).toEqual({ machine_id: 'machine-7', session_uuid: 'session-1' });
    await expect(createTranzilaHandshake(fakeApi({ thtk: '' }).client, attempt(twoLineOrder))).rejects.toMatchObject({
      failure: { kind: 'invalid-answer' },
    });
  });
});
