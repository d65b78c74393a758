/**
 * The operator's /v4/api on an origin of its own (design.md §2.2): CORS answered as contract/operator-api.yaml
 * says, for the app's origins only, and the app's origin no longer answering the API.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../sandbox/app';
import { loadCatalogue } from '../../sandbox/catalogue';
import { FAULT_HEADER } from '../../sandbox/faults';
import { signedQuery } from '../fixtures/signed-link';
import { newPurchase } from '../fixtures/sandbox-calls';
import { menuCall } from '../fixtures/machine-pages';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));
const APP = 'http://localhost:4173';
const PRODUCTION = 'https://localhost:8443';
const FOREIGN = 'https://evil.example';
const MENU = menuCall(1001);
const SET_PURCHASE = '/v4/api/menu/set_purchase?machine_id=1001';

const newSandbox = () => createSandboxApp({ catalogue, appOrigins: [APP, PRODUCTION], apiOnItsOwnOrigin: true });

/** The preflight a browser sends before the app's call: no credentials, no session, only what it will ask. */
const preflight = (origin: string, method = 'POST', headers = 'content-type,session-uuid') =>
  newSandbox().api.request(SET_PURCHASE, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const corsHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-')));

describe('the operator API on its own origin: CORS', () => {
  it.each([APP, PRODUCTION])('answers a preflight from the app at %s: 204, its methods and headers', async (origin) => {
    const response = await preflight(origin);
    expect(response.status).toBe(204);
    expect(corsHeaders(response)).toEqual({
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'session-uuid, content-type, idempotency-key',
      'access-control-max-age': '600',
    });
    expect(response.headers.get('vary')).toBe('Origin');
    expect(await response.text()).toBe('');
  });

  it('answers a preflight without a session and before any armed fault (it is not the call)', async () => {
    const app = newSandbox();
    await app.request('/sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ call: 'menu/set_purchase', fault: '500', times: 1 }),
    });
    const response = await app.api.request(SET_PURCHASE, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    // The fault is still armed for the call itself.
    expect(await (await app.request('/sandbox/faults')).json()).toEqual([
      { call: 'menu/set_purchase', fault: '500', times: 1 },
    ]);
  });

  it('echoes the app’s origin on every answer, never *, with credentials and Vary: Origin', async () => {
    const app = newSandbox();
    const menu = await app.api.request(MENU, { headers: { origin: APP } });
    const purchase = await app.api.request(SET_PURCHASE, {
      method: 'POST',
      headers: { origin: APP, 'content-type': 'application/json' },
      body: JSON.stringify([{ product_id: 101, count: 1 }]),
    });
    const notFound = await app.api.request('/v4/api/menu/get?machine_id=424242', { headers: { origin: APP } });
    const faulty = await app.api.request(MENU, { headers: { origin: APP, [FAULT_HEADER]: '500' } });
    expect([menu.status, purchase.status, notFound.status, faulty.status]).toEqual([200, 200, 404, 500]);
    for (const response of [menu, purchase, notFound, faulty]) {
      expect(corsHeaders(response)).toEqual({
        'access-control-allow-origin': APP,
        'access-control-allow-credentials': 'true',
      });
      expect(response.headers.get('vary')).toMatch(/^Origin\b/);
    }
  });

  it.each([
    ['a foreign site', FOREIGN],
    ['the app’s host on another port', 'http://localhost:4174'],
    ['the app’s host over https', 'https://localhost:4173'],
    ['the opaque origin of a sandboxed frame or file', 'null'],
  ])('refuses %s: no CORS header at all, so its browser keeps the answer from the page', async (_case, origin) => {
    const refusedPreflight = await preflight(origin);
    const refusedCall = await newSandbox().api.request(MENU, { headers: { origin } });
    for (const response of [refusedPreflight, refusedCall]) {
      expect(corsHeaders(response)).toEqual({});
      expect(response.headers.get('vary')).toMatch(/^Origin\b/);
    }
  });

  it('adds no CORS header to a call without an Origin (not from a browser page), but still Vary: Origin', async () => {
    const response = await newSandbox().api.request(MENU);
    expect(response.status).toBe(200);
    expect(corsHeaders(response)).toEqual({});
    expect(response.headers.get('vary')).toMatch(/^Origin\b/);
  });

  it('leaves /v4/api to the API’s origin: the app’s origin answers it 404', async () => {
    const app = newSandbox();
    expect((await app.request(MENU, { headers: { origin: APP } })).status).toBe(404);
    expect((await app.api.request(MENU, { headers: { origin: APP } })).status).toBe(200);
  });

  it('sends the visitor to the app’s pages, on the calling app’s origin, never to the API’s', async () => {
    const app = newSandbox();
    const API = 'http://localhost:4175';
    const link = async (origin?: string) => {
      const response = await app.api.request(
        `${API}/v4/api/merchants/custom/get_iframe?${signedQuery({ machine_id: '1001', amount: '7.50' })}`,
        {
          headers: origin ? { origin } : {},
        },
      );
      return new URL(((await response.json()) as { iframe_url: string }).iframe_url);
    };
    expect((await link(PRODUCTION)).origin).toBe(PRODUCTION);
    expect((await link(APP)).href).toMatch(new RegExp(`^${APP}/customPaymentIframe\\?`));
    // Not from a page (a server, a test): the app's first origin.
    expect((await link()).origin).toBe(APP);
    expect((await link(FOREIGN)).origin).toBe(APP);

    const booked = await newPurchase(app.api);
    const session = await app.api.request(`${API}/v4/api/payment/pre/apple_pay/validate_merchant`, {
      method: 'POST',
      headers: { origin: PRODUCTION, 'content-type': 'application/json', 'session-uuid': booked },
      body: JSON.stringify({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' }),
    });
    // Apple issues the merchant session for the page's domain.
    expect(await session.json()).toMatchObject({ domainName: 'localhost' });
  });

  describe('served by @hono/node-server, as npm start serves it', () => {
    let close = () => {};
    afterEach(() => close());

    it('keeps the CORS headers on a compressed answer and on an uncompressed one', async () => {
      const server = serve({ fetch: newSandbox().api.fetch, port: 0 });
      close = () => server.close();
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      for (const encoding of ['gzip', 'identity']) {
        const response = await fetch(`http://127.0.0.1:${port}${MENU}`, {
          headers: { origin: APP, 'accept-encoding': encoding },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('access-control-allow-origin'), encoding).toBe(APP);
        expect(response.headers.get('access-control-allow-credentials'), encoding).toBe('true');
        expect(response.headers.get('vary'), encoding).toMatch(/^Origin\b/);
      }
    });
  });
});

describe('the operator API on the app’s origin (the default)', () => {
  it('is answered there, with the same CORS rules', async () => {
    const app = createSandboxApp({ catalogue, appOrigins: [APP] });
    const menu = await app.request(MENU, { headers: { origin: APP } });
    expect(menu.status).toBe(200);
    expect(menu.headers.get('access-control-allow-origin')).toBe(APP);
    expect(corsHeaders(await app.request(MENU, { headers: { origin: FOREIGN } }))).toEqual({});
  });
});
