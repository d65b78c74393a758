/**
 * requirements.md §7 "The calls it makes", payment rows: each call's method, path (with /v4/), query, body and
 * the session uuid in header and query; requirements.md §3 "Pay response" read as status, msg, transaction id.
 */
import { describe, expect, it } from 'vitest';
import {
  confirmCardCharge,
  createStripeIntent,
  getPaymentPage,
  payWithWallet,
  productToBuy,
  validateApplePayMerchant,
} from '../../src/api/payment';
import { ApiError } from '../../machines/shared/api-failure';
import { initBitPayment } from '../../src/api/bit';
import { verifyHostedPayment } from '../../src/api/hosted-page';
import { createTranzilaHandshake } from '../../src/api/tranzila';
import type { ApiClient } from '../../src/api/client';
import { fakeApi, query, type Sent } from '../fixtures/fake-api';
import { attempt, ATTEMPT_KEY, singleLineOrder, twoLineOrder, VISITOR_UUID } from '../fixtures/orders';

describe('payment calls (requirements.md §7)', () => {
  it('wallet pay with Google posts paymentData, the 2-decimal amount and currency to /v4/api/payment/pay/wallet', async () => {
    const { client, sent } = fakeApi({ status: 0, msg: 'ok', data: { transaction_id: 77 } });
    const answer = await payWithWallet(client, attempt(singleLineOrder), 'google_pay', { token: 'g' });
    expect(answer).toEqual({ status: 0, msg: 'ok', transactionId: '77' });
    expect(sent).toHaveLength(1);
    const [call] = sent as [Sent];
    expect(call.method).toBe('POST');
    expect(call.url.origin + call.url.pathname).toBe('https://api.example.test/v4/api/payment/pay/wallet');
    expect(query(call)).toEqual({ machine_id: 'machine-7', payment_method: 'google_pay', session_uuid: 'session-1' });
    expect(call.headers.get('session-uuid')).toBe('session-1');
    expect(call.credentials).toBe('include');
    expect(call.body).toEqual({ paymentData: { token: 'g' }, amount: '12.50', currencyCode: singleLineOrder.currency });
  });

  it('wallet pay with Apple posts the payment token as it is', async () => {
    const { client, sent } = fakeApi({ status: 3, msg: 'declined' });
    const answer = await payWithWallet(client, attempt(singleLineOrder), 'apple_pay', { paymentData: 'apple' });
    expect(answer).toEqual({ status: 3, msg: 'declined', transactionId: undefined });
    expect(query(sent[0] as Sent)).toMatchObject({ payment_method: 'apple_pay' });
    expect((sent[0] as Sent).body).toEqual({ paymentData: 'apple' });
  });

  it('a pay response without msg or data reads as an empty message and no transaction', async () => {
    const { client } = fakeApi({ status: 0 });
    await expect(payWithWallet(client, attempt(singleLineOrder), 'apple_pay', {})).resolves.toEqual({
      status: 0,
      msg: '',
      transactionId: undefined,
    });
  });

  it('a pay response with a null msg reads as an empty message, a null transaction id as none', async () => {
    const { client } = fakeApi({ status: 0, msg: null, data: { transaction_id: null } });
    await expect(payWithWallet(client, attempt(singleLineOrder), 'apple_pay', {})).resolves.toEqual({
      status: 0,
      msg: '',
      transactionId: undefined,
    });
  });

  it('Apple merchant validation posts validationURL and needs an identified, signed session', async () => {
    const session = { merchantSessionIdentifier: 'm-1', signature: 'sig', extra: 1 };
    const { client, sent } = fakeApi(session);
    await expect(validateApplePayMerchant(client, 'https://apple.example/validate')).resolves.toEqual(session);
    const [call] = sent as [Sent];
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v4/api/payment/pre/apple_pay/validate_merchant');
    expect(call.body).toEqual({ validationURL: 'https://apple.example/validate' });
    for (const unsigned of [
      { merchantSessionIdentifier: 'm-1', signature: '' },
      { merchantSessionIdentifier: '', signature: 'sig' },
    ]) {
      await expect(validateApplePayMerchant(fakeApi(unsigned).client, 'u')).rejects.toMatchObject({
        failure: { kind: 'invalid-answer' },
      });
    }
  });

  it('the product to buy names the order, its first product, the visitor and the custom price', () => {
    expect(productToBuy(singleLineOrder, 'he')).toMatchObject({
      totalPrice: singleLineOrder.total,
      currencyCode: singleLineOrder.currency,
      countryCode: 'IL',
      label: singleLineOrder.lines[0]?.product.name,
      locale: 'he',
      machine_id: 'machine-7',
      visitorUUID: VISITOR_UUID,
      customPrice: singleLineOrder.customPrice,
      custom_price: singleLineOrder.customPrice,
    });
    expect(productToBuy({ ...twoLineOrder, lines: [] }, 'en').label).toBe('');
  });

  it('Stripe posts the product to buy to /v4/api/payment/pre/stripe and answers the client secret', async () => {
    const { client, sent } = fakeApi({ client_secret: 'pi_secret' });
    await expect(createStripeIntent(client, attempt(twoLineOrder), 'en')).resolves.toBe('pi_secret');
    const [call] = sent as [Sent];
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v4/api/payment/pre/stripe');
    expect(query(call)).toEqual({ machine_id: 'machine-7', session_uuid: 'session-1' });
    expect(call.body).toEqual(productToBuy(twoLineOrder, 'en'));
    await expect(
      createStripeIntent(fakeApi({ client_secret: '' }).client, attempt(twoLineOrder), 'en'),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('the card charge is confirmed by POST payment_succeeded_callback with payment_type=ajax, simulate_error=false', async () => {
    const { client, sent } = fakeApi({ status: 0, msg: 'paid', data: { transaction_id: 'tx-9' } });
    await expect(confirmCardCharge(client, attempt(twoLineOrder), { processor: 'answer' })).resolves.toEqual({
      status: 0,
      msg: 'paid',
      transactionId: 'tx-9',
    });
    const [call] = sent as [Sent];
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v4/api/payment/post/payment_succeeded_callback');
    expect(query(call)).toEqual({
      machine_id: 'machine-7',
      payment_type: 'ajax',
      simulate_error: 'false',
      session_uuid: 'session-1',
    });
    expect(call.body).toEqual({ processor: 'answer' });
  });

  it('the hosted payment page is a GET of pay_ajax, naming no return address, answering data.data.payment_url (http or https only)', async () => {
    const page = (url: string) => ({ data: { data: { payment_url: url } } });
    const { client, sent } = fakeApi(page('https://pay.example/page?id=1'));
    await expect(getPaymentPage(client, attempt(twoLineOrder))).resolves.toBe('https://pay.example/page?id=1');
    const [call] = sent as [Sent];
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe('/v4/api/payment/pay/pay_ajax');
    expect(query(call)).toEqual({
      machine_id: 'machine-7',
      session_uuid: 'session-1',
    });
    await expect(getPaymentPage(fakeApi(page('http://pay.example/')).client, attempt(twoLineOrder))).resolves.toBe(
      'http://pay.example/',
    );
    await expect(
      getPaymentPage(fakeApi(page('javascript:alert(1)')).client, attempt(twoLineOrder)),
    ).rejects.toMatchObject({
      failure: { kind: 'invalid-answer', detail: 'payment_url: refused javascript: address' },
    });
  });
});

/**
 * design.md §10: every call that moves money carries its payment attempt's Idempotency-Key, so that the
 * operator answers a resent request with its first answer instead of charging again.
 */
describe('the Idempotency-Key of a payment attempt', () => {
  const order = attempt(twoLineOrder);
  const moneyCalls: [string, (client: ApiClient) => Promise<unknown>][] = [
    ['pay/wallet (Google Pay)', (client) => payWithWallet(client, order, 'google_pay', {})],
    ['pay/wallet (Apple Pay)', (client) => payWithWallet(client, order, 'apple_pay', {})],
    ['pre/stripe', (client) => createStripeIntent(client, order, 'en')],
    ['pre/tranzila/handshake', (client) => createTranzilaHandshake(client, order)],
    ['post/payment_succeeded_callback', (client) => confirmCardCharge(client, order, {})],
    ['pay/pay_ajax', (client) => getPaymentPage(client, order)],
    ['post/hosted_page/verify', (client) => verifyHostedPayment(client, order, {})],
    ['pre/bit/init', (client) => initBitPayment(client, order, 'https://app.example/back')],
  ];

  it.each(moneyCalls)('%s sends the attempt key as Idempotency-Key', async (_name, call) => {
    const { client, sent } = fakeApi({});
    await call(client).catch(() => undefined); // the answer is beside the point here
    expect(sent).toHaveLength(1);
    expect((sent[0] as Sent).headers.get('idempotency-key')).toBe(ATTEMPT_KEY);
  });

  it('a call that moves no money sends none (validate_merchant)', async () => {
    const { client, sent } = fakeApi({});
    await validateApplePayMerchant(client, 'https://apple-pay-gateway.apple.com/paymentservices/startSession').catch(
      () => undefined,
    );
    expect((sent[0] as Sent).headers.has('idempotency-key')).toBe(false);
  });
});
