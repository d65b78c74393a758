import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { loadCatalogue } from '../../sandbox/catalogue';
import { signedQuery } from '../fixtures/signed-link';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));

/** Signed at 2031-03-10T08:00:00Z (a fake clock): links expire 10 minutes later. */
const NOW = Date.parse('2031-03-10T08:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

const signLink = (app: SandboxApp, body: unknown) =>
  app.request('/sandbox/sign-link', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function signed(app: SandboxApp, query: string) {
  const response = await signLink(app, { query });
  expect(response.status).toBe(200);
  return ((await response.json()) as { query: string }).query;
}

describe('POST /sandbox/sign-link: /test signs its links with the sandbox merchant', () => {
  it('signs the query with the merchant key and an expiry 10 minutes ahead (a given one replaced)', async () => {
    const app = createSandboxApp({ catalogue });
    const query = await signed(app, 'machine_id=1001&amount=7.50&info=Test%20payment&expires=1');
    expect(query).toBe(
      signedQuery({ machine_id: '1001', amount: '7.50', info: 'Test payment', expires: '1930896600' }),
    );
  });

  it('the signed link books and pays through get_iframe; the signed page through book_link', async () => {
    const app = createSandboxApp({ catalogue });
    const link = await signed(app, 'machine_id=1001&amount=7.50&info=Test');
    const iframe = await app.request(`/v4/api/merchants/custom/get_iframe?${link}`);
    expect(iframe.status).toBe(200);
    const page = await signed(app, 'totalPrice=4.00&currency=ILS&info=Test&machineId=1001&isDeferredPayment=false');
    const booked = await app.request('/v4/api/merchants/custom/book_link?machine_id=1001', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: page }),
    });
    const { session_id: sessionId } = (await booked.json()) as { session_id: string };
    expect(app.purchases.get(sessionId)?.totals.total).toBe(4);
  });

  it.each([
    [{ query: 'amount=7.50' }, 400, 'query: names no machine_id or machineId'],
    [{ query: 'machine_id=424242&amount=7.50' }, 404, 'machine not found'],
  ])('refuses %j with %i', async (body, status, message) => {
    const app = createSandboxApp({ catalogue });
    const response = await signLink(app, body);
    expect({ status: response.status, body: (await response.json()) as unknown }).toEqual({
      status,
      body: { message },
    });
  });
});
