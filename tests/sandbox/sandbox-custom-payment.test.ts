import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { loadCatalogue } from '../../sandbox/catalogue';
import { expiresIn, signedQuery } from '../fixtures/signed-link';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));

const ORIGIN = 'http://localhost';
const PHONE = '050-123-4567';
/** Links are tried at 2031-03-10T08:00:00Z (a fake clock); those made here expire 10 minutes later. */
const NOW = Date.parse('2031-03-10T08:00:00.000Z');
const EXPIRES = '1930896600';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

/** get_iframe with the link's values, as the merchant signed them unless `unsigned`. */
const getIframe = (app: SandboxApp, params: Record<string, string>, { unsigned = false } = {}) =>
  app.request(
    `/v4/api/merchants/custom/get_iframe?${unsigned ? new URLSearchParams(params).toString() : signedQuery(params)}`,
  );

/** The page's address without its signature, having checked that the operator signed it. */
function operatorSigned(url: URL): Record<string, string> {
  const { signature, ...values } = Object.fromEntries(url.searchParams);
  expect(signature, 'the page is signed').toBeDefined();
  expect(url.searchParams.toString()).toBe(signedQuery(values));
  return values;
}

const bookLink = (app: SandboxApp, machineId: string, query: string) =>
  app.request(`/v4/api/merchants/custom/book_link?machine_id=${machineId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });

interface IframeAnswer {
  iframe_url: string;
  payment: { visitor_uuid: string };
}

async function linkFor(app: SandboxApp, params: Record<string, string>) {
  const response = await getIframe(app, params);
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as IframeAnswer;
  const url = new URL(answer.iframe_url);
  return { answer, url, query: operatorSigned(url) };
}

/** Pays a purchase through the real wallet contract, as the payment page does. */
function payWithGooglePay(app: SandboxApp, machineId: string, sessionId: string, amount: string, currency = 'ILS') {
  return app.request(`/v4/api/payment/pay/wallet?machine_id=${machineId}&payment_method=google_pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'session-uuid': sessionId, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      paymentData: { paymentMethodData: { tokenizationData: { token: 'sandbox-approve' } } },
      amount,
      currencyCode: currency,
    }),
  });
}

describe('GET /v4/api/merchants/custom/get_iframe: a new payment link', () => {
  it("books the amount on the machine's first product, fee-free, and answers its page and visitor uuid", async () => {
    const app = createSandboxApp({ catalogue });
    const { answer, url, query } = await linkFor(app, {
      machine_id: '1001',
      amount: '7.5',
      info: 'Parking, level 2',
      success_url: 'https://merchant.example/ok?ref=1',
      failure_url: 'https://merchant.example/failed',
      phone_number: PHONE,
      deferred: 'true',
    });

    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/customPaymentIframe`);
    expect(query).toEqual({
      totalPrice: '7.50',
      currency: 'ILS',
      info: 'Parking, level 2',
      machineId: '1001',
      isDeferredPayment: 'true',
      phoneNumber: PHONE,
      successReturnUrl: 'https://merchant.example/ok?ref=1',
      failuresReturnUrl: 'https://merchant.example/failed',
      // The page lives as long as the link it came from.
      expires: EXPIRES,
    });
    const purchase = app.purchases.get(answer.payment.visitor_uuid);
    expect(purchase).toMatchObject({
      machine_id: '1001',
      currency: 'ILS',
      totals: { subtotal: 7.5, fees: 0, total: 7.5 },
    });
    expect(purchase?.lines.map((line) => [line.product.id, line.count, line.unitFee])).toEqual([[101, 1, 0]]);

    // The visitor uuid is the session the payment page pays with.
    const paid = (await (await payWithGooglePay(app, '1001', answer.payment.visitor_uuid, '7.50')).json()) as {
      status: number;
    };
    expect(paid.status).toBe(0);
    expect(app.charges.list()).toMatchObject([
      { session_id: answer.payment.visitor_uuid, amount: 7.5, status: 'approved', method: 'google_pay' },
    ]);
  });

  it('defaults: info "Payment", not deferred, the machine\'s currency, no phone and no return addresses', async () => {
    const app = createSandboxApp({ catalogue });
    const { query } = await linkFor(app, { machine_id: '1001', amount: '10' });
    expect(query).toEqual({
      totalPrice: '10.00',
      currency: 'ILS',
      info: 'Payment',
      machineId: '1001',
      isDeferredPayment: 'false',
      expires: EXPIRES,
    });
  });

  it('passes the return addresses through as given: the app, not the sandbox, refuses other schemes', async () => {
    const app = createSandboxApp({ catalogue });
    const { query } = await linkFor(app, {
      machine_id: '1001',
      amount: '5',
      success_url: 'javascript:alert(1)',
      failure_url: '/relative',
    });
    expect(query).toMatchObject({ successReturnUrl: 'javascript:alert(1)', failuresReturnUrl: '/relative' });
  });

  it('another currency is booked in that currency, and paid in it', async () => {
    const app = createSandboxApp({ catalogue });
    const { answer, query } = await linkFor(app, { machine_id: '1001', amount: '3', currency: 'usd' });
    expect(query.currency).toBe('USD');
    expect(app.purchases.get(answer.payment.visitor_uuid)?.currency).toBe('USD');
    const response = await payWithGooglePay(app, '1001', answer.payment.visitor_uuid, '3.00', 'USD');
    expect(((await response.json()) as { status: number }).status).toBe(0);
  });

  it('a link books one purchase: opened again, it answers the same one; another link books another', async () => {
    const app = createSandboxApp({ catalogue });
    const first = await linkFor(app, { machine_id: '1001', amount: '5' });
    const again = await linkFor(app, { machine_id: '1001', amount: '5' });
    expect(again.answer.payment.visitor_uuid).toBe(first.answer.payment.visitor_uuid);
    expect(app.purchases.size).toBe(1);
    const other = await linkFor(app, { machine_id: '1001', amount: '5', info: 'Another payment' });
    expect(other.answer.payment.visitor_uuid).not.toBe(first.answer.payment.visitor_uuid);
    expect(app.purchases.size).toBe(2);
  });

  it.each([
    [{ amount: '5' }, 400, 'machine_id is required'],
    [{ machine_id: '424242', amount: '5' }, 404, 'machine not found'],
    [{ machine_id: '1007', amount: '5' }, 409, 'machine not active'],
    [{ machine_id: '1001' }, 400, 'amount: must be above 0 with at most 2 decimals and 10 digits (required)'],
    [
      { machine_id: '1001', amount: 'abc' },
      400,
      'amount: must be above 0 with at most 2 decimals and 10 digits (notNumber)',
    ],
    [
      { machine_id: '1001', amount: '0' },
      400,
      'amount: must be above 0 with at most 2 decimals and 10 digits (notPositive)',
    ],
    [
      { machine_id: '1001', amount: '1.005' },
      400,
      'amount: must be above 0 with at most 2 decimals and 10 digits (tooManyDecimals)',
    ],
    [{ machine_id: '1001', amount: '5', currency: 'shekel' }, 400, 'currency: must be a 3-letter ISO 4217 code'],
    [{ machine_id: '1001', amount: '5', phone_number: '123' }, 400, 'phone_number: not a plausible phone number'],
    [{ machine_id: '1001', amount: '5', deferred: 'yes' }, 400, 'deferred: must be true or false'],
  ])('refuses %j with %i, naming the field', async (params, status, message) => {
    const app = createSandboxApp({ catalogue });
    const response = await getIframe(app, params);
    expect({ status: response.status, body: (await response.json()) as unknown }).toEqual({
      status,
      body: { message },
    });
    expect(app.purchases.size).toBe(0);
  });

  it.each([
    ['without a signature', { unsigned: true }, (query: string) => query],
    [
      'with its amount edited after signing',
      { unsigned: false },
      (query: string) => query.replace('amount=7.5', 'amount=0.75'),
    ],
    ['with a value added after signing', { unsigned: false }, (query: string) => `${query}&currency=USD`],
    [
      'signed with another key',
      { unsigned: false },
      (query: string) => signedQuery(Object.fromEntries(new URLSearchParams(query)), 'x'.repeat(32)),
    ],
  ])('refuses a link %s with 403 and books nothing', async (_, options, edit) => {
    const app = createSandboxApp({ catalogue });
    const values = { machine_id: '1001', amount: '7.5', info: 'Parking' };
    const query = edit(options.unsigned ? new URLSearchParams(values).toString() : signedQuery(values));
    const response = await app.request(`/v4/api/merchants/custom/get_iframe?${query}`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: 'the payment link is not signed by the merchant (its signature is missing or does not match)',
    });
    expect(app.purchases.size).toBe(0);
  });

  it('the session uuid the client adds to every query is not part of the signed link', async () => {
    const app = createSandboxApp({ catalogue });
    const query = `${signedQuery({ machine_id: '1001', amount: '7.5' })}&session_uuid=visitor-1`;
    expect((await app.request(`/v4/api/merchants/custom/get_iframe?${query}`)).status).toBe(200);
  });
});

describe('POST /v4/api/merchants/custom/book_link: the payment page without its visitor uuid', () => {
  const PAGE = { machineId: '1001', totalPrice: '7.50', info: 'Parking', currency: 'ILS', expires: EXPIRES };

  it('books the signed page: its amount, fee-free, on the machine; answers the session', async () => {
    const app = createSandboxApp({ catalogue });
    const response = await bookLink(app, '1001', signedQuery(PAGE));
    expect(response.status).toBe(200);
    const { session_id: sessionId } = (await response.json()) as { session_id: string };
    expect(app.purchases.get(sessionId)).toMatchObject({ machine_id: '1001', totals: { total: 7.5, fees: 0 } });
  });

  it("names the booked line by the link's description, not the product it is booked on", async () => {
    const app = createSandboxApp({ catalogue });
    const answer = (await (await bookLink(app, '1001', signedQuery(PAGE))).json()) as { lines: { name: string }[] };
    expect(answer.lines.map((line) => line.name)).toEqual(['Parking']);
  });

  it('a signed page below the machine’s minimum amount (₪1.00 on 1001) books nothing: 400, as get_iframe', async () => {
    const app = createSandboxApp({ catalogue });
    const response = await bookLink(app, '1001', signedQuery({ ...PAGE, totalPrice: '0.99' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "the total 0.99 is below this machine's minimum amount 1" });
    const link = signedQuery({ machine_id: '1001', amount: '0.5', expires: EXPIRES });
    expect((await app.request(`/v4/api/merchants/custom/get_iframe?${link}`)).status).toBe(400);
    expect(app.purchases.size).toBe(0);
  });

  it('the very page get_iframe answered books the purchase get_iframe booked, nothing new', async () => {
    const app = createSandboxApp({ catalogue });
    const { answer, url } = await linkFor(app, { machine_id: '1001', amount: '7.5', info: 'Parking' });
    const response = await bookLink(app, '1001', url.search.slice(1));
    expect(await response.json()).toMatchObject({ session_id: answer.payment.visitor_uuid });
    expect(app.purchases.size).toBe(1);
  });

  it.each([
    ['an edited amount', 403, signedQuery(PAGE).replace('totalPrice=7.50', 'totalPrice=0.75')],
    ['no signature', 403, new URLSearchParams(PAGE).toString()],
    ['another machine', 400, signedQuery({ ...PAGE, machineId: '1002' })],
    ['a bad amount', 400, signedQuery({ ...PAGE, totalPrice: '0' })],
  ])('refuses %s with %i and books nothing', async (_, status, query) => {
    const app = createSandboxApp({ catalogue });
    expect((await bookLink(app, '1001', query)).status).toBe(status);
    expect(app.purchases.size).toBe(0);
  });
});

describe('GET /v4/api/merchants/custom/get_iframe: a wheelshare rental awaiting its card', () => {
  /** A rental on station 15 whose pay call (with the rental's session) has handed out the link. */
  async function awaitingRental(app: SandboxApp) {
    const params = new URLSearchParams({ phone_number: PHONE, machine_id: '15' }).toString();
    const response = await app.request(`/v4/api/merchants/wheelshare/set_purchase?${params}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rental_option: 'hourly',
        start_time: '2031-03-10T08:00:00.000Z',
        end_time: '2031-03-10T10:30:00.000Z',
      }),
    });
    const { session_id: sessionId } = (await response.json()) as { session_id: string };
    const pay = (await (
      await app.request(`/v4/api/merchants/wheelshare/pay?payment_type=deferred&${params}`, {
        method: 'POST',
        headers: { 'session-uuid': sessionId },
      })
    ).json()) as { data: { payment_url: string } };
    return { sessionId, paymentUrl: new URL(pay.data.payment_url) };
  }

  it("the station's signed link answers the rental's page, deferred, back to /wheelshare/afterPayment, with its purchase", async () => {
    const app = createSandboxApp({ catalogue });
    const { sessionId, paymentUrl } = await awaitingRental(app);
    // The station's link (/genPaymentIntend?…, signed by the operator) passes its query on unchanged.
    const response = await app.request(`/v4/api/merchants/custom/get_iframe?${paymentUrl.search.slice(1)}`);
    const answer = (await response.json()) as IframeAnswer;
    const url = new URL(answer.iframe_url);
    const query = operatorSigned(url);

    expect(answer.payment.visitor_uuid).toBe(sessionId);
    expect(url.pathname).toBe('/customPaymentIframe');
    expect(query).toEqual({
      totalPrice: '15.00',
      currency: 'ILS',
      info: 'Wheelchair rental (hourly)',
      machineId: '15',
      isDeferredPayment: 'true',
      phoneNumber: '0501234567',
      successReturnUrl: `${ORIGIN}/wheelshare/afterPayment`,
      // 15 minutes after the pay call.
      expires: '1930896900',
    });
    expect(app.purchases.size).toBe(1);

    // The page, opened in another browser, books the rental's purchase too.
    const booked = await bookLink(app, '15', url.search.slice(1));
    expect(await booked.json()).toMatchObject({ session_id: sessionId });

    // Paying the link pays the rental: the station stops waiting.
    await payWithGooglePay(app, '15', answer.payment.visitor_uuid, query.totalPrice ?? '');
    const waiting = await app.request(
      `/v4/api/merchants/wheelshare/is_waiting_for_creditcard?phone_number=${PHONE}&machine_id=15`,
      { headers: { 'session-uuid': sessionId } },
    );
    expect(await waiting.json()).toEqual({ status: false });
  });

  it("a phone number alone no longer opens the rental's purchase", async () => {
    const app = createSandboxApp({ catalogue });
    await awaitingRental(app);
    const bare = await getIframe(app, { phone_number: PHONE, machine_id: '15' }, { unsigned: true });
    expect(bare.status).toBe(403);
    const page = { machineId: '15', totalPrice: '15.00', isDeferredPayment: 'true', phoneNumber: PHONE };
    const booked = await bookLink(app, '15', new URLSearchParams({ ...page, expires: EXPIRES }).toString());
    expect(booked.status).toBe(403);
    expect(app.purchases.size).toBe(1);
  });

  it("the station's link works 15 minutes, then is refused (410)", async () => {
    const app = createSandboxApp({ catalogue });
    const { paymentUrl } = await awaitingRental(app);
    vi.setSystemTime(NOW + 15 * 60 * 1000 - 1);
    expect((await app.request(`/v4/api/merchants/custom/get_iframe?${paymentUrl.search.slice(1)}`)).status).toBe(200);
    vi.setSystemTime(NOW + 15 * 60 * 1000);
    expect((await app.request(`/v4/api/merchants/custom/get_iframe?${paymentUrl.search.slice(1)}`)).status).toBe(410);
  });
});

describe('a payment link expires', () => {
  const VALUES = { machine_id: '1001', amount: '7.5', info: 'Parking' };

  it('works until the second it names, then get_iframe refuses it with 410 and books nothing more', async () => {
    const app = createSandboxApp({ catalogue });
    const query = signedQuery({ ...VALUES, expires: EXPIRES });
    vi.setSystemTime(NOW + 10 * 60 * 1000 - 1);
    expect((await app.request(`/v4/api/merchants/custom/get_iframe?${query}`)).status).toBe(200);
    vi.setSystemTime(NOW + 10 * 60 * 1000);
    const expired = await app.request(`/v4/api/merchants/custom/get_iframe?${query}`);
    expect(await expired.json()).toEqual({
      message: 'this payment link has expired: ask whoever sent it for a new one',
    });
    expect(expired.status).toBe(410);
    expect(app.purchases.size).toBe(1);
  });

  it('the page get_iframe answered expires with its link: book_link refuses it then (410)', async () => {
    const app = createSandboxApp({ catalogue });
    const { url } = await linkFor(app, VALUES);
    vi.setSystemTime(NOW + 10 * 60 * 1000);
    const response = await bookLink(app, '1001', url.search.slice(1));
    expect(response.status).toBe(410);
  });

  it.each([
    [
      'no expiry',
      signedQuery(VALUES, undefined, { withoutExpiry: true }),
      400,
      'expires is required: a signed payment link says when it expires (seconds since the epoch)',
    ],
    [
      'an expiry that is not whole seconds',
      signedQuery({ ...VALUES, expires: '1930896600.5' }),
      400,
      'expires: must be one whole number of seconds since the epoch',
    ],
    [
      'an expiry more than 30 days ahead',
      signedQuery({ ...VALUES, expires: '1933488001' }),
      400,
      'expires: a payment link may live at most 30 days',
    ],
    [
      'an expiry moved after signing',
      signedQuery({ ...VALUES, expires: '1930896000' }).replace('expires=1930896000', 'expires=1930899600'),
      403,
      'the payment link is not signed by the merchant (its signature is missing or does not match)',
    ],
  ])('refuses a link with %s and books nothing', async (_, query, status, message) => {
    const app = createSandboxApp({ catalogue });
    const response = await app.request(`/v4/api/merchants/custom/get_iframe?${query}`);
    expect({ status: response.status, body: (await response.json()) as unknown }).toEqual({
      status,
      body: { message },
    });
    expect(app.purchases.size).toBe(0);
  });

  it('an expired link is forgotten: the operator keeps nothing of it', async () => {
    const app = createSandboxApp({ catalogue });
    await linkFor(app, VALUES);
    expect(app.links.size).toBe(2); // the link and the page it answered
    vi.setSystemTime(NOW + 10 * 60 * 1000);
    await linkFor(app, { ...VALUES, info: 'Later', expires: expiresIn(60) });
    expect(app.links.size).toBe(2);
  });
});

describe('a payment link is paid at most once', () => {
  const VALUES = { machine_id: '1001', amount: '7.5', info: 'Parking' };
  const PAID = { message: 'this payment link has already been paid' };

  it('once its purchase is paid, get_iframe and book_link refuse the link and its page with 409', async () => {
    const app = createSandboxApp({ catalogue });
    const query = signedQuery(VALUES);
    const { answer, url } = await linkFor(app, VALUES);
    const paid = (await (await payWithGooglePay(app, '1001', answer.payment.visitor_uuid, '7.50')).json()) as {
      status: number;
    };
    expect(paid.status).toBe(0);

    const again = await app.request(`/v4/api/merchants/custom/get_iframe?${query}`);
    expect({ status: again.status, body: (await again.json()) as unknown }).toEqual({ status: 409, body: PAID });
    const page = await bookLink(app, '1001', url.search.slice(1));
    expect({ status: page.status, body: (await page.json()) as unknown }).toEqual({ status: 409, body: PAID });
    expect(app.purchases.size).toBe(1);
    expect(app.charges.list()).toHaveLength(1);
  });

  it('a page the merchant signed, paid once, books nothing more', async () => {
    const app = createSandboxApp({ catalogue });
    const page = signedQuery({ machineId: '1001', totalPrice: '7.50', info: 'Parking' });
    const { session_id: sessionId } = (await (await bookLink(app, '1001', page)).json()) as { session_id: string };
    expect(await (await bookLink(app, '1001', page)).json()).toMatchObject({ session_id: sessionId });
    await payWithGooglePay(app, '1001', sessionId, '7.50');
    const again = await bookLink(app, '1001', page);
    expect({ status: again.status, body: (await again.json()) as unknown }).toEqual({ status: 409, body: PAID });
  });
});
