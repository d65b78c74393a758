/**
 * design.md §6.4: GETs retry with backoff; POSTs (payment ones above all) are never sent twice on their
 * own. Each endpoint function of src/api is called against the in-process sandbox with a fault armed
 * for its call, and the sandbox's side counts what arrived.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiFailure } from '../../machines/shared/api-failure';
import { createSandboxApp } from '../../sandbox/app';
import type { Fault } from '../../sandbox/faults';
import { createApiClient, GET_RETRIES, type ApiClient } from '../../src/api/client';
import { getPaymentIframe } from '../../src/api/custom-payment';
import { verifyHostedPayment } from '../../src/api/hosted-page';
import { getMenu } from '../../src/api/menu';
import {
  confirmCardCharge,
  createStripeIntent,
  getPaymentPage,
  payWithWallet,
  validateApplePayMerchant,
} from '../../src/api/payment';
import { setPurchase } from '../../src/api/purchase';
import {
  isWaitingForCard,
  requestDeferredPayment,
  returnRental,
  setWheelsharePurchase,
} from '../../src/api/wheelshare';
import { attempt, singleLineOrder } from '../fixtures/orders';
import { BASE_HOST, catalogue } from './harness';
import { signedQuery } from '../fixtures/signed-link';
import { stickerOf } from '../fixtures/machine-pages';

const TIMEOUT_MS = 400;

/** A client on a fresh sandbox that arrives at the sandbox with every attempt timed. */
async function clientWith(call: string, fault: Fault, times?: number) {
  const app = createSandboxApp({ catalogue });
  const arrivals: number[] = [];
  const armed = await app.request('/sandbox/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ call, fault, times }),
  });
  expect(armed.status).toBe(201);
  const api = createApiClient({
    baseHost: BASE_HOST,
    storage: localStorage,
    timeoutMs: TIMEOUT_MS,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === `/v4/api/${call}`) arrivals.push(Date.now());
      const answer = await app.fetch(request);
      // As a browser's fetch: a connection dropped while the answer arrives rejects the fetch.
      return new Response(answer.status === 204 ? null : await answer.arrayBuffer(), answer);
    },
  });
  return { api, arrivals };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).failure;
}

const order = { ...singleLineOrder, machineId: '1001' };
const station = { machineId: '15', phone: '0501234567', session: 'rental-session' };
const RENTAL = {
  rental_option: 'hourly',
  start_time: '2031-03-10T08:00:00Z',
  end_time: '2031-03-10T09:00:00Z',
} as const;

/** Every call of requirements.md §7, through the app's own function for it. */
const GETS: [string, (api: ApiClient) => Promise<unknown>][] = [
  ['menu/get', (api) => getMenu(api, '1001', stickerOf('1001'))],
  // The hosted page belongs to a purchase: set_purchase (not faulted) records one first.
  [
    'payment/pay/pay_ajax',
    async (api) => {
      await setPurchase(api, '1001', [{ product_id: 101, count: 1 }]);
      return getPaymentPage(api, attempt(order));
    },
  ],
  ['merchants/custom/get_iframe', (api) => getPaymentIframe(api, signedQuery({ machine_id: '1001', amount: '5' }))],
];
const POSTS: [string, (api: ApiClient) => Promise<unknown>][] = [
  ['menu/set_purchase', (api) => setPurchase(api, '1001', [{ product_id: 101, count: 1 }])],
  ['payment/pay/wallet', (api) => payWithWallet(api, attempt(order), 'google_pay', {})],
  ['payment/pre/apple_pay/validate_merchant', (api) => validateApplePayMerchant(api, 'https://apple.example/start')],
  ['payment/pre/stripe', (api) => createStripeIntent(api, attempt(order), 'en')],
  ['payment/post/payment_succeeded_callback', (api) => confirmCardCharge(api, attempt(order), {})],
  ['payment/post/hosted_page/verify', (api) => verifyHostedPayment(api, attempt(order), {})],
  ['merchants/wheelshare/set_purchase', (api) => setWheelsharePurchase(api, { ...station, rental: RENTAL })],
  ['merchants/wheelshare/pay', (api) => requestDeferredPayment(api, station)],
  ['integration/wheelshare/return', (api) => returnRental(api, station)],
];

describe('GETs retry with backoff', () => {
  it.each(GETS)('%s: two 500s, then the answer, after waits of at least 0.3 s and 0.6 s', async (call, send) => {
    const { api, arrivals } = await clientWith(call, '500', GET_RETRIES);
    await expect(send(api)).resolves.toBeDefined();
    expect(arrivals).toHaveLength(GET_RETRIES + 1);
    const [first = 0, second = 0, third = 0] = arrivals;
    expect(second - first).toBeGreaterThanOrEqual(290);
    expect(third - second).toBeGreaterThanOrEqual(590);
  });

  it.each(GETS)('%s: a connection that keeps dropping is tried three times, then offline', async (call, send) => {
    const { api, arrivals } = await clientWith(call, 'network');
    expect(await failureOf(send(api))).toEqual({ kind: 'offline' });
    expect(arrivals).toHaveLength(GET_RETRIES + 1);
  });

  it('a 404 is not retried: the machine will not appear by asking again', async () => {
    const { api, arrivals } = await clientWith('menu/get', '404');
    expect(await failureOf(getMenu(api, '1001', stickerOf('1001')))).toMatchObject({ kind: 'http', status: 404 });
    expect(arrivals).toHaveLength(1);
  });

  it('a time-out is not retried (it has already waited the whole time)', async () => {
    const { api, arrivals } = await clientWith('menu/get', 'timeout');
    const started = Date.now();
    expect(await failureOf(getMenu(api, '1001', stickerOf('1001')))).toEqual({ kind: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 10);
    expect(arrivals).toHaveLength(1);
  });

  it('the wheelshare poll is tried once: the station polls again every second anyway', async () => {
    const { api, arrivals } = await clientWith('merchants/wheelshare/is_waiting_for_creditcard', '500');
    expect(await failureOf(isWaitingForCard(api, station))).toMatchObject({ kind: 'http', status: 500 });
    expect(arrivals).toHaveLength(1);
  });
});

describe('POSTs are never sent twice on their own', () => {
  it.each(
    POSTS.flatMap(([call, send]) =>
      (['500', 'network', 'timeout'] as const).map((fault) => [call, fault, send] as const),
    ),
  )('%s, %s: one request, then the failure', async (call, fault, send) => {
    const { api, arrivals } = await clientWith(call, fault);
    const failure = await failureOf(send(api));
    expect(failure.kind).toBe({ 500: 'http', network: 'offline', timeout: 'timeout' }[fault]);
    // Give a retry time to happen, had there been one (ky's first backoff is 0.3 s).
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(arrivals).toHaveLength(1);
  });
});
