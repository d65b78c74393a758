/**
 * The operator contract (contract/operator-api.yaml): the document is valid OpenAPI 3.1, names every
 * call the app makes and the sandbox serves, and a journey through every call of the in-process sandbox
 * (answers that succeed and answers that fail) keeps to it, request and answer.
 */
import { randomUUID } from 'node:crypto';
import { applePayPaymentData } from '../../sandbox/standins/apple-pay-token';
import { Validator } from '@seriousme/openapi-schema-validator';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { TEST_CARDS } from '../../sandbox/cards';
import { loadCatalogue } from '../../sandbox/catalogue';
import { FAULT_HEADER } from '../../sandbox/faults';
import { hypSign } from '../../sandbox/standins/hyp-terminal';
import { ContractError, loadContract, validateDocument, type ContractChecker } from '../fixtures/contract';
import { signedQuery } from '../fixtures/signed-link';
import { postTranzilaCharge } from '../fixtures/tranzila';
import { menuCall, qrCode } from '../fixtures/machine-pages';

const root = resolve(import.meta.dirname, '../..');
const catalogue = loadCatalogue(resolve(root, 'sandbox/catalogue.json'));
const ORIGIN = 'http://sandbox.test';

let contract: ContractChecker;
beforeAll(async () => {
  contract = await loadContract();
});

const operations = () =>
  Object.entries(contract.document.paths).flatMap(([path, item]) =>
    (['get', 'post'] as const).flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const security = operation.security ?? contract.document.security ?? [];
      // Every requirement names the session: the call refuses to answer without it (a provider's
      // notification proves itself with its own signature instead).
      const sessionRequired =
        security.length > 0 && security.every((needs) => Object.keys(needs).some((name) => name.startsWith('session')));
      const fromProvider = operation.tags?.includes('notifications') ?? false;
      return [
        { path, method: method.toUpperCase(), operationId: operation.operationId, sessionRequired, fromProvider },
      ];
    }),
  );

describe('the contract document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const { valid, errors, validator } = await validateDocument();
    expect(errors).toBeUndefined();
    expect(valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('the validator refuses a broken document', async () => {
    const broken = { openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: { '/x': { get: { responses: 7 } } } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('describes every call src/api makes, and only those (besides the providers’ notifications)', () => {
    const dir = resolve(root, 'src/api');
    const called = readdirSync(dir)
      .flatMap((file) => [...readFileSync(resolve(dir, file), 'utf8').matchAll(/'(api\/[\w/]+)'/g)])
      .map((match) => `/v4/${match[1] ?? ''}`);
    const fromApp = operations()
      .filter((operation) => !operation.fromProvider)
      .map(({ path }) => path);
    expect(new Set(called)).toEqual(new Set(fromApp));
  });

  it('requires the session uuid (security) on exactly the calls the sandbox refuses without one', async () => {
    const app = createSandboxApp({ catalogue });
    const refused: Record<string, boolean> = {};
    for (const { path, method, operationId } of operations()) {
      const response = await app.request(`${path}?machine_id=1005`, {
        method,
        // A key, so that the calls that move money reach their session check.
        headers: {
          'idempotency-key': randomUUID(),
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        body: method === 'POST' ? '{}' : undefined,
      });
      const answer = (await response.json()) as { message?: string };
      refused[operationId] = response.status === 400 && answer.message === 'the session uuid is required';
    }
    const required = Object.fromEntries(operations().map((op) => [op.operationId, op.sessionRequired]));
    expect(refused).toEqual(required);
    expect(Object.values(required)).toContain(true);
    expect(Object.values(required)).toContain(false);
  });

  it('describes every /v4/api route of the sandbox, and only those', () => {
    const app = createSandboxApp({ catalogue });
    const served = app.routes
      .filter(({ path, method }) => path.startsWith('/v4/api/') && method !== 'ALL')
      .map(({ path, method }) => `${method} ${path}`);
    expect(served.sort()).toEqual(
      operations()
        .map(({ path, method }) => `${method} ${path}`)
        .sort(),
    );
  });
});

interface Call {
  query?: Record<string, string>;
  session?: string | undefined;
  body?: unknown;
}

/** A call as the app makes it (session uuid in the header and the query), checked against the contract. */
async function exchange(
  app: SandboxApp,
  method: 'GET' | 'POST',
  path: string,
  { query = {}, session, body }: Call = {},
) {
  const url = new URL(`/v4/api/${path}`, ORIGIN);
  for (const [name, value] of Object.entries({ ...query, ...(session ? { session_uuid: session } : {}) })) {
    url.searchParams.set(name, value);
  }
  const request = new Request(url, {
    method,
    headers: {
      ...(session ? { 'session-uuid': session } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      // Each call a payment attempt of its own: the calls that move money require a key (IdempotencyKey).
      'idempotency-key': randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await app.fetch(request.clone());
  await contract.check(request, response);
  return response;
}

async function call(app: SandboxApp, method: 'GET' | 'POST', path: string, status: number, options?: Call) {
  const response = await exchange(app, method, path, options);
  expect(response.status, `${method} ${path}`).toBe(status);
  return (await response.json()) as Record<string, unknown> & { status?: unknown };
}

const line = (product_id: number, count = 1, custom_price?: number) => ({
  product_id,
  count,
  ...(custom_price === undefined ? {} : { custom_price }),
});

async function purchase(app: SandboxApp, machineId = '1005', lines = [line(501)]) {
  const answer = await call(app, 'POST', 'menu/set_purchase', 200, { query: { machine_id: machineId }, body: lines });
  return String(answer.session_id);
}

const googlePay = (token: string, amount = '5.00') => ({
  paymentData: {
    apiVersion: 2,
    paymentMethodData: { type: 'CARD', tokenizationData: { type: 'PAYMENT_GATEWAY', token } },
  },
  amount,
  currencyCode: 'ILS',
});

/**
 * requirements.md §3 "Product to buy" for machine 1004's one product (the Stripe machine: 20 + 2 % fee,
 * 20.40 ILS, 2040 minor units), as src/api/payment.ts builds it.
 */
const productToBuy = (session: string, amount = 2040) => ({
  totalPrice: 20.4,
  currencyCode: 'ILS',
  countryCode: 'IL',
  label: 'Car wash',
  locale: 'en',
  machine_id: '1004',
  visitorUUID: session,
  amount,
  currency: 'ils',
});

const PHONE = '0501234567';
const station = (phone = PHONE) => ({ phone_number: phone, machine_id: '15' });
const RENTAL = {
  rental_option: 'hourly',
  start_time: '2031-03-10T08:00:00.000Z',
  end_time: '2031-03-10T09:30:00.000Z',
};

describe('the sandbox keeps to the contract: every call, answers that succeed and answers that fail', () => {
  it('replays a journey through every call', async () => {
    // The providers' stand-ins notify the operator in-process: each notification is checked too.
    const app = createSandboxApp({ catalogue, onNotification: (request, answer) => contract.check(request, answer) });
    const seenBefore = contract.seen.length;

    // Every machine's menu, then purchases.
    for (const machineId of catalogue.keys())
      await call(app, 'GET', 'menu/get', 200, { query: { machine_id: machineId, qr: qrCode(machineId) } });
    const menu = await call(app, 'GET', 'menu/get', 200, { query: { machine_id: '1001', qr: qrCode(1001) } });
    await call(app, 'GET', 'menu/get', 404, { query: { machine_id: '9999' }, session: String(menu.session_uuid) });
    await call(app, 'POST', 'menu/set_purchase', 400, { query: { machine_id: '1005' }, body: [line(999)] });
    await call(app, 'POST', 'menu/set_purchase', 409, { query: { machine_id: '1007' }, body: [line(701)] });

    // The vacuum's loyalty sign-up: joined, joined again (harmless), a contact refused, no promotion here.
    const vacuum = { machine_id: '1008' };
    expect(
      await call(app, 'POST', 'menu/promotion/join', 200, { query: vacuum, body: { phone: '050-123-4567' } }),
    ).toEqual({ status: 0, msg: 'Joined', data: { already_member: false } });
    expect(
      await call(app, 'POST', 'menu/promotion/join', 200, { query: vacuum, body: { phone: '0501234567' } }),
    ).toMatchObject({ status: 0, data: { already_member: true } });
    await call(app, 'POST', 'menu/promotion/join', 400, { query: vacuum, body: { email: 'dana@example' } });
    await call(app, 'POST', 'menu/promotion/join', 409, { query: { machine_id: '1005' }, body: { email: 'a@b.co' } });

    // Wallets: approved, declined, refused (409: already paid), and a call without a purchase.
    const wallet = { machine_id: '1005', payment_method: 'google_pay' };
    const paid = await purchase(app);
    expect(
      await call(app, 'POST', 'payment/pay/wallet', 200, { query: wallet, session: paid, body: googlePay('ok') }),
    ).toMatchObject({ status: 0 });
    expect(
      await call(app, 'POST', 'payment/pay/wallet', 409, { query: wallet, session: paid, body: googlePay('ok') }),
    ).toEqual({ message: 'This purchase is already paid.', payment_status: 'paid' });
    const declined = await purchase(app);
    expect(
      await call(app, 'POST', 'payment/pay/wallet', 200, {
        query: wallet,
        session: declined,
        body: googlePay('decline'),
      }),
    ).toMatchObject({ status: 1 });
    await call(app, 'POST', 'payment/pay/wallet', 400, {
      query: wallet,
      session: declined,
      body: googlePay('ok', '4.00'),
    });
    await call(app, 'POST', 'payment/pay/wallet', 400, { query: wallet, body: googlePay('ok') });
    const apple = await purchase(app);
    const token = {
      paymentData: { data: applePayPaymentData(5, 'ILS', 'approve'), version: 'EC_v1' },
      transactionIdentifier: 'T1',
    };
    expect(
      await call(app, 'POST', 'payment/pay/wallet', 200, {
        query: { machine_id: '1005', payment_method: 'apple_pay' },
        session: apple,
        body: token,
      }),
    ).toMatchObject({ status: 0 });
    await call(app, 'POST', 'payment/pre/apple_pay/validate_merchant', 200, {
      session: apple,
      body: { validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' },
    });

    // Stripe's intent on the Stripe machine (1004): the right amount, a wrong one.
    const stripe = await purchase(app, '1004', [line(401)]);
    const onStripe = { query: { machine_id: '1004' }, session: stripe };
    await call(app, 'POST', 'payment/pre/stripe', 200, { ...onStripe, body: productToBuy(stripe) });
    await call(app, 'POST', 'payment/pre/stripe', 400, { ...onStripe, body: productToBuy(stripe, 2039) });

    // Tranzila's handshake, then the card fields' charge against it confirmed, then not (another
    // purchase's charge), then on an unknown machine; no handshake on a machine without Tranzila.
    const card = await purchase(app);
    const handshake = await call(app, 'POST', 'payment/pre/tranzila/handshake', 200, {
      query: { machine_id: '1005' },
      session: card,
    });
    await call(app, 'POST', 'payment/pre/tranzila/handshake', 400, {
      query: { machine_id: '1002' },
      session: await purchase(app, '1002', [line(201)]),
    });
    await call(app, 'POST', 'payment/pre/tranzila/handshake', 404, { query: { machine_id: '9999' }, session: card });
    const charged = await postTranzilaCharge(app, {
      terminal_name: 'sandbox',
      thtk: handshake.thtk,
      amount: 5,
      currency_code: 'ILS',
      credit_card_number: TEST_CARDS.approved,
      expiry: `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`,
      cvv: '123',
    });
    const charge: unknown = await charged.json();
    expect(charge).toMatchObject({ transaction_response: { success: true } });
    const callback = { machine_id: '1005', payment_type: 'ajax', simulate_error: 'false' };
    const confirm = (session: string, query = callback) =>
      call(app, 'POST', 'payment/post/payment_succeeded_callback', 200, { query, session, body: charge });
    expect(await confirm(card)).toMatchObject({ status: 0 });
    expect(await confirm(await purchase(app))).toMatchObject({ status: 1 });
    await call(app, 'POST', 'payment/post/payment_succeeded_callback', 404, {
      query: { ...callback, machine_id: '9999' },
      session: card,
      body: charge,
    });

    // The hosted page (its return page is the Hyp terminal's: a return_url is no parameter of the
    // contract, and the sandbox refuses one: sandbox-hyp-payment-page.test.ts), refused without a purchase;
    // Hyp's page paid, its signed return verified (approved), a signed decline, a forged return (not
    // verified), and on an unknown machine.
    const hosted = await purchase(app);
    const returnPage = { machine_id: '1005' };
    const page = await call(app, 'GET', 'payment/pay/pay_ajax', 200, { query: returnPage, session: hosted });
    await call(app, 'GET', 'payment/pay/pay_ajax', 400, { query: returnPage });
    const pageUrl = new URL((page as { data: { data: { payment_url: string } } }).data.data.payment_url);
    const paidOnPage = await app.providers.request(pageUrl.pathname + pageUrl.search, {
      method: 'POST',
      body: new URLSearchParams({
        number: TEST_CARDS.approved,
        expiry: `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`,
        cvv: '123',
      }),
    });
    expect(paidOnPage.status).toBe(303);
    const returned = Object.fromEntries(new URL(paidOnPage.headers.get('location') ?? '').searchParams);
    const verify = { query: { machine_id: '1005' }, session: hosted };
    expect(await call(app, 'POST', 'payment/post/hosted_page/verify', 200, { ...verify, body: returned })).toEqual({
      status: 0,
      msg: 'Payment approved.',
      data: { transaction_id: returned.Id },
    });
    const declinedOnPage = await purchase(app);
    const decline = new URLSearchParams({
      Id: 'SBX-999999',
      CCode: '4',
      Amount: '5',
      ACode: '',
      Order: declinedOnPage,
      Fild1: '',
      Fild2: '',
      Fild3: '',
    });
    decline.set('Sign', hypSign(decline));
    expect(
      await call(app, 'POST', 'payment/post/hosted_page/verify', 200, {
        ...verify,
        session: declinedOnPage,
        body: Object.fromEntries(decline),
      }),
    ).toMatchObject({ status: 1 });
    expect(
      await call(app, 'POST', 'payment/post/hosted_page/verify', 200, {
        ...verify,
        body: { ...returned, Amount: '0.5' },
      }),
    ).toMatchObject({ status: 3 });
    await call(app, 'POST', 'payment/post/hosted_page/verify', 404, {
      query: { machine_id: '9999' },
      session: hosted,
      body: returned,
    });

    // Bit through its processor: initialised, pending, approved in Bit, then the operator's verdict;
    // refused below Bit's 5 NIS (status 1), for a return page on another site, once paid (409), and an unknown transaction.
    const bit = await purchase(app, '1001', [line(102)]);
    const bitReturn = { return_url: 'http://localhost/pay?machine_id=1001&bit_return=token-1' };
    const onBit = { query: { machine_id: '1001' }, session: bit };
    const initialised = await call(app, 'POST', 'payment/pre/bit/init', 200, { ...onBit, body: bitReturn });
    expect(initialised).toMatchObject({ status: 0 });
    const { transaction_id, payment_url } = initialised.data as { transaction_id: string; payment_url: string };
    const bitStatus = { query: { machine_id: '1001' }, session: bit };
    expect(await call(app, 'GET', 'payment/status', 200, bitStatus)).toMatchObject({ status: 'pending' });
    const bitPage = new URL(payment_url);
    const approvedInBit = await app.providers.request(bitPage.pathname + bitPage.search, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
    });
    expect(approvedInBit.status).toBe(303);
    // The operator names the processor's charge on that request.
    const bitCharge = app.charges.list().find((each) => each.reference === transaction_id);
    expect(bitCharge).toMatchObject({ method: 'bit', status: 'approved' });
    expect(await call(app, 'GET', 'payment/status', 200, bitStatus)).toEqual({
      status: 'paid',
      msg: 'The purchase is paid.',
      data: {
        transaction_id: bitCharge?.id,
        method: 'bit',
        refunded_transaction_ids: [],
        decline_message: null,
        delivery: {
          state: 'delivering',
          kind: 'vend',
          items: [{ product_id: '102', name: 'Mineral water', ordered: 1, delivered: null }],
          given_back: null,
        },
      },
    });
    await call(app, 'GET', 'payment/status', 400, { ...bitStatus, query: { machine_id: '1005' } });
    await call(app, 'GET', 'payment/status', 404, { ...bitStatus, query: { machine_id: '9999' } });
    expect(
      await call(app, 'POST', 'payment/pre/bit/init', 200, {
        query: { machine_id: '1006' },
        session: await purchase(app, '1006', [line(601, 1, 4.5)]),
        body: bitReturn,
      }),
    ).toEqual({ status: 1, msg: 'Bit payments start at ₪5.00.', data: null });
    await call(app, 'POST', 'payment/pre/bit/init', 400, {
      ...onBit,
      session: await purchase(app, '1001', [line(102)]),
      body: { return_url: 'https://evil.example/pay' },
    });
    // The paid purchase opens no new Bit request.
    expect(await call(app, 'POST', 'payment/pre/bit/init', 409, { ...onBit, body: bitReturn })).toEqual({
      message: 'This purchase is already paid.',
      payment_status: 'paid',
    });

    // Card scan: the operator opens the scan for its total; the scanner charges it and notifies the operator
    // (the notification is checked as it arrives); refused on a STRIP reader, and once paid (409).
    const scanned = await purchase(app);
    const onScan = { query: { machine_id: '1005' }, session: scanned };
    const opened = await call(app, 'POST', 'payment/pre/card_scan/start', 200, onScan);
    const { scan_id } = opened.data as { scan_id: string };
    const scanCharge = await app.providers.request('/sandbox/card-scan/charge', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scan: scan_id, number: TEST_CARDS.approved, expiry: '12/40' }),
    });
    expect(await scanCharge.json()).toMatchObject({ status: 'approved' });
    expect(await call(app, 'GET', 'payment/status', 200, onScan)).toMatchObject({ status: 'paid' });
    await call(app, 'POST', 'payment/pre/card_scan/start', 400, {
      query: { machine_id: '1004' },
      session: await purchase(app, '1004', [line(401)]),
    });
    await call(app, 'POST', 'payment/pre/card_scan/start', 409, onScan);

    // A payment link: with a parameter of the link's own, an edited amount, a bad amount, an inactive machine.
    const values = { machine_id: '1001', amount: '7.5', info: 'Parking', success_url: 'https://m.example/ok' };
    const link = Object.fromEntries(new URLSearchParams(signedQuery({ ...values, utm_source: 'qr' })));
    const signed = (query: Record<string, string>) => Object.fromEntries(new URLSearchParams(signedQuery(query)));
    await call(app, 'GET', 'merchants/custom/get_iframe', 200, { query: link });
    await call(app, 'GET', 'merchants/custom/get_iframe', 403, { query: { ...link, amount: '0.75' } });
    await call(app, 'GET', 'merchants/custom/get_iframe', 400, { query: signed({ ...values, amount: '0' }) });
    await call(app, 'GET', 'merchants/custom/get_iframe', 409, { query: signed({ ...values, machine_id: '1007' }) });
    const expired = signed({ ...values, expires: String(Math.floor(Date.now() / 1000) - 1) });
    await call(app, 'GET', 'merchants/custom/get_iframe', 410, { query: expired });
    // The page opened without its visitor uuid books its signed address.
    const linkPage = signedQuery({ machineId: '1001', totalPrice: '7.50', info: 'Parking' });
    await call(app, 'POST', 'merchants/custom/book_link', 200, {
      query: { machine_id: '1001' },
      body: { query: linkPage },
    });
    await call(app, 'POST', 'merchants/custom/book_link', 410, {
      query: { machine_id: '1001' },
      body: { query: signedQuery({ machineId: '1001', totalPrice: '7.50', expires: '1' }) },
    });
    await call(app, 'POST', 'merchants/custom/book_link', 403, {
      query: { machine_id: '1001' },
      body: { query: linkPage.replace('totalPrice=7.50', 'totalPrice=0.75') },
    });
    await call(app, 'POST', 'merchants/custom/book_link', 400, {
      query: { machine_id: '1001' },
      body: { query: signedQuery({ machineId: '1002', totalPrice: '7.50' }) },
    });

    // A wheelchair rental from booking to return, paid on the visitor's phone.
    const rental = await call(app, 'POST', 'merchants/wheelshare/set_purchase', 200, {
      query: station(),
      body: RENTAL,
    });
    await call(app, 'POST', 'merchants/wheelshare/set_purchase', 400, {
      query: station(),
      body: { ...RENTAL, end_time: RENTAL.start_time },
    });
    // The visitor's later calls carry the rental's session: a phone number alone is refused.
    const rented = String(rental.session_id);
    await call(app, 'POST', 'merchants/wheelshare/pay', 400, { query: { payment_type: 'deferred', ...station() } });
    expect(
      await call(app, 'POST', 'merchants/wheelshare/pay', 200, {
        query: { payment_type: 'deferred', ...station('0509999999') },
        session: rented,
      }),
    ).toMatchObject({ status: 1 });
    const deferred = await call(app, 'POST', 'merchants/wheelshare/pay', 200, {
      query: { payment_type: 'deferred', ...station() },
      session: rented,
    });
    expect(deferred).toMatchObject({ status: 0 });
    await call(app, 'POST', 'merchants/wheelshare/pay', 404, {
      query: { payment_type: 'deferred', ...station(), machine_id: '9999' },
      session: rented,
    });
    expect(
      await call(app, 'GET', 'merchants/wheelshare/is_waiting_for_creditcard', 200, {
        query: station(),
        session: rented,
      }),
    ).toEqual({ status: true });
    await call(app, 'GET', 'merchants/wheelshare/is_waiting_for_creditcard', 400, { query: station() });
    await call(app, 'GET', 'merchants/wheelshare/is_waiting_for_creditcard', 400, {
      query: station('not a phone'),
      session: rented,
    });
    expect(
      await call(app, 'POST', 'integration/wheelshare/return', 200, {
        query: { phone_number: PHONE },
        session: rented,
      }),
    ).toMatchObject({ status: 1 });
    // The station's link is a signed payment link for the rental's purchase.
    const stationLink = new URL((deferred.data as { payment_url: string }).payment_url);
    await call(app, 'GET', 'merchants/custom/get_iframe', 200, {
      query: Object.fromEntries(stationLink.searchParams),
    });
    await call(app, 'POST', 'payment/pay/wallet', 200, {
      query: { machine_id: '15', payment_method: 'google_pay' },
      session: rented,
      body: googlePay('ok', '10.00'),
    });
    expect(
      await call(app, 'GET', 'merchants/wheelshare/is_waiting_for_creditcard', 200, {
        query: station(),
        session: rented,
      }),
    ).toEqual({ status: false });
    // Paid once: the link books nothing more.
    await call(app, 'GET', 'merchants/custom/get_iframe', 409, {
      query: Object.fromEntries(stationLink.searchParams),
    });
    expect(
      await call(app, 'POST', 'integration/wheelshare/return', 200, {
        query: { phone_number: PHONE },
        session: rented,
      }),
    ).toMatchObject({ status: 0 });
    await call(app, 'POST', 'integration/wheelshare/return', 400, {
      query: { phone_number: 'nobody' },
      session: rented,
    });

    // Stripe's webhook once its stand-in confirms the intent, a hold (Tranzila's, Hyp's, Bit's and the card
    // scanner's were sent above); each notification refused without its proof.
    const stripeSecret = String(
      (await call(app, 'POST', 'payment/pre/stripe', 200, { ...onStripe, body: productToBuy(stripe) })).client_secret,
    );
    const stripeCard = await app.providers.request('/sandbox/stripe/payment_methods', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card: { number: TEST_CARDS.approved, expiry: '12/40', cvc: '123' } }),
    });
    const { id: paymentMethod } = (await stripeCard.json()) as { id: string };
    const confirmed = await app.providers.request('/sandbox/stripe/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: stripeSecret, payment_method: paymentMethod }),
    });
    expect(await confirmed.json()).toMatchObject({ status: 'requires_capture' });
    const unsigned: [string, string, string][] = [
      [
        'stripe',
        'application/json',
        JSON.stringify({
          id: 'evt_1',
          type: 'payment_intent.succeeded',
          data: { object: { id: 'pi_1', object: 'payment_intent', amount: 500, currency: 'ils' } },
        }),
      ],
      ['tranzila', 'application/x-www-form-urlencoded', 'supplier=sandbox&thtk=made-up&index=1&sum=5&Response=000'],
      ['hyp', 'application/x-www-form-urlencoded', new URLSearchParams({ ...returned, Sign: 'forged' }).toString()],
      ['bit', 'application/json', JSON.stringify({ transaction_id, status: 'approved', amount: 6, currency: 'ILS' })],
      [
        'card_scan',
        'application/json',
        JSON.stringify({ scan_id, status: 'approved', transaction_id: 'SBX-1', amount: 5, currency: 'ILS' }),
      ],
    ];
    for (const [provider, contentType, body] of unsigned) {
      const request = new Request(`${ORIGIN}/v4/api/notify/${provider}`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
      const response = await app.fetch(request.clone());
      await contract.check(request, response);
      expect(response.status, provider).toBeGreaterThanOrEqual(400);
    }

    // Every call answered, successfully and (but for Apple's merchant validation) with an error.
    const seen = contract.seen.slice(seenBefore);
    for (const { operationId } of operations()) {
      const statuses = seen.filter((exchange) => exchange.operationId === operationId).map(({ status }) => status);
      expect(statuses, operationId).toContain(200);
      if (operationId !== 'validateApplePayMerchant')
        expect(
          statuses.some((status) => status >= 400),
          operationId,
        ).toBe(true);
    }
  });

  it('answers with a fault are not the contract’s: they are skipped', async () => {
    const app = createSandboxApp({ catalogue });
    const request = new Request(`${ORIGIN}${menuCall(1001)}`, {
      headers: { [FAULT_HEADER]: 'schema-invalid' },
    });
    const response = await app.fetch(request.clone());
    expect(await response.clone().json()).toMatchObject({ sandbox_fault: 'schema-invalid' });
    await expect(contract.check(request, response)).resolves.toBeUndefined();
  });
});

describe('the checker refuses what the contract does not describe', () => {
  const menuRequest = () => new Request(`${ORIGIN}${menuCall(1001)}`);
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const menu = () => structuredClone(catalogue.get('1001')?.raw) as Record<string, unknown>;

  it.each([
    [
      'a call it does not have',
      new Request(`${ORIGIN}/v4/api/menu/delete?machine_id=1`),
      json({}),
      /GET \/v4\/api\/menu\/delete is not in/,
    ],
    [
      'a method it does not have',
      new Request(`${ORIGIN}/v4/api/menu/get?machine_id=1`, { method: 'POST' }),
      json({}),
      /POST \/v4\/api\/menu\/get is not in/,
    ],
    [
      'a missing required parameter',
      new Request(`${ORIGIN}/v4/api/menu/get`),
      json(menu()),
      /\(getMenu\): query machine_id is required/,
    ],
    [
      'a parameter it does not name',
      new Request(`${ORIGIN}/v4/api/menu/get?machine_id=1&debug=1`),
      json(menu()),
      /query parameter debug is not in the contract/,
    ],
    [
      'a wrong parameter value',
      new Request(`${ORIGIN}/v4/api/payment/pay/wallet?machine_id=1&payment_method=paypal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      json({ status: 0 }),
      /query parameter payment_method: \(root\) must be equal to one of the allowed values/,
    ],
    [
      'a body where it describes none',
      new Request(`${ORIGIN}/v4/api/integration/wheelshare/return?phone_number=1`, { method: 'POST', body: '{}' }),
      json({ status: 0 }),
      /the request has a body; the contract describes none/,
    ],
    [
      'a request body field it does not name',
      new Request(`${ORIGIN}/v4/api/menu/set_purchase?machine_id=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ product_id: 1, count: 1, price: 5 }]),
      }),
      json({ session_id: 's' }),
      /request body \/0 must NOT have unevaluated properties \(price\)/,
    ],
    [
      'an answer field it does not name',
      menuRequest(),
      json({ ...menu(), tip: 1 }),
      /\(getMenu\): answer 200 \(root\) must NOT have unevaluated properties \(tip\)/,
    ],
    [
      'an answer without a required field',
      menuRequest(),
      json({ ...menu(), is_active: undefined }),
      /answer 200 \(root\) must have required property 'is_active'/,
    ],
    [
      'an answer field of the wrong type',
      menuRequest(),
      json({ ...menu(), product_view: 'CAROUSEL' }),
      /answer 200 \/product_view must be equal to one of the allowed values/,
    ],
    [
      'a status it does not describe',
      menuRequest(),
      json({ message: 'no' }, 409),
      /answer 409: the contract has no such status/,
    ],
    [
      'an error without a message',
      menuRequest(),
      json({ error: 'no' }, 404),
      /answer 404 \(root\) must have required property 'message'/,
    ],
    [
      'an answer that is not JSON',
      menuRequest(),
      new Response('<html>', { headers: { 'content-type': 'text/html' } }),
      /answer 200: content-type text\/html is not application\/json/,
    ],
  ])('%s', async (_case, request, response, message) => {
    const error: unknown = await contract.check(request, response).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toMatch(message);
  });
});
