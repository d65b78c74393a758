/**
 * The sandbox's fault injection (design.md §10.1): each fault, armed by header or through /sandbox/faults,
 * answers the call it names and leaves every other call alone.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { loadCatalogue } from '../../sandbox/catalogue';
import { FAULT_HEADER, callOf } from '../../sandbox/faults';
import { menuCall } from '../fixtures/machine-pages';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));
const MENU = menuCall(1001);

const arm = (app: SandboxApp, body: unknown) =>
  app.request('/sandbox/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const menuWith = (app: SandboxApp, fault: string, init: RequestInit = {}) =>
  app.request(MENU, { ...init, headers: { [FAULT_HEADER]: fault } });

describe('sandbox fault injection', () => {
  it('names a call by its path after /v4/api/, however it is written', () => {
    expect(['menu/get', 'api/menu/get', '/v4/api/menu/get', 'v4/api/menu/get'].map(callOf)).toEqual(
      Array(4).fill('menu/get'),
    );
  });

  it('404 and 500 answer a plain-text page, with no JSON message for the app to show', async () => {
    const app = createSandboxApp({ catalogue });
    for (const status of [404, 500]) {
      const response = await menuWith(app, String(status));
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toContain('text/plain');
    }
  });

  it('malformed-json, schema-invalid and empty-body answer 200 with a body no call accepts', async () => {
    const app = createSandboxApp({ catalogue });
    const malformed = await menuWith(app, 'malformed-json');
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow(SyntaxError);

    const invalid = await menuWith(app, 'schema-invalid');
    expect(invalid.status).toBe(200);
    expect(await invalid.json()).not.toHaveProperty('products');

    const empty = await menuWith(app, 'empty-body');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');
  });

  it('slow answers the real menu after the delay', async () => {
    const app = createSandboxApp({ catalogue });
    await arm(app, { call: 'menu/get', fault: 'slow', delayMs: 150 });
    const started = Date.now();
    const response = await app.request(MENU);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('products');
  });

  it('timeout holds the call until the client gives up', async () => {
    const app = createSandboxApp({ catalogue });
    const client = new AbortController();
    let settled = false;
    const answer = Promise.resolve(
      app.request(MENU, { headers: { [FAULT_HEADER]: 'timeout' }, signal: client.signal }),
    ).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    client.abort();
    expect((await answer).status).toBe(504);
  });

  it('network, in-process: the answer’s body fails while it is read', async () => {
    const app = createSandboxApp({ catalogue });
    const response = await menuWith(app, 'network');
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  describe('network, over HTTP', () => {
    let close = () => {};
    afterEach(() => close());

    it('drops the connection, so fetch fails', async () => {
      const app = createSandboxApp({ catalogue });
      const server = serve({ fetch: app.fetch, port: 0 });
      close = () => server.close();
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      await expect(
        fetch(`http://127.0.0.1:${port}${MENU}`, { headers: { [FAULT_HEADER]: 'network' } }),
      ).rejects.toThrow(TypeError);
      // The server carries on: the next call is answered.
      expect((await fetch(`http://127.0.0.1:${port}${MENU}`)).status).toBe(200);
    });
  });

  it('an armed fault hits only its call, `times` times, then the contract answers again', async () => {
    const app = createSandboxApp({ catalogue });
    const armed = await arm(app, { call: '/v4/api/menu/get', fault: '500', times: 2 });
    expect(armed.status).toBe(201);
    expect(await (await app.request('/sandbox/faults')).json()).toEqual([{ call: 'menu/get', fault: '500', times: 2 }]);

    expect((await app.request(menuCall(1002))).status).toBe(500);
    expect((await app.request('/v4/api/payment/pay/pay_ajax?machine_id=1002')).status).not.toBe(500);
    expect((await app.request(MENU)).status).toBe(500);
    expect((await app.request(MENU)).status).toBe(200);
    expect(await (await app.request('/sandbox/faults')).json()).toEqual([]);
  });

  it('without `times` a fault stays until DELETE clears every fault', async () => {
    const app = createSandboxApp({ catalogue });
    await arm(app, { call: 'menu/get', fault: '404' });
    await arm(app, { call: 'menu/set_purchase', fault: 'empty-body' });
    for (let call = 0; call < 3; call++) expect((await app.request(MENU)).status).toBe(404);

    expect((await app.request('/sandbox/faults', { method: 'DELETE' })).status).toBe(204);
    expect((await app.request(MENU)).status).toBe(200);
    expect(await (await app.request('/sandbox/faults')).json()).toEqual([]);
  });

  it('refuses an unknown fault, in the body (naming the field) or in the header', async () => {
    const app = createSandboxApp({ catalogue });
    const refused = await arm(app, { call: 'menu/get', fault: 'gremlins' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^fault: /);
    expect((await arm(app, { fault: '500' })).status).toBe(400);

    const header = await menuWith(app, 'gremlins');
    expect(header.status).toBe(400);
    expect(((await header.json()) as { message: string }).message).toContain(FAULT_HEADER);
  });
});
