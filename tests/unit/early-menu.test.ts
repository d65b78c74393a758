/**
 * /pay's menu request sent by index.html before any module runs (src/early-menu.ts): it is exactly the
 * request the app's client sends (the backend sees no difference), it is taken from the page once, and its
 * answer goes through the client's own steps, so that a failed or slow early request ends where a failed or
 * slow request of the client's own does (requirements.md §8).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarlyMenu } from '../../machines/menu/menu.types';
import { resolveBaseHost } from '../../src/api/address';
import { createApiClient } from '../../src/api/client';
import { earlyMenuRequest, takeEarlyMenu } from '../../src/api/early-menu';
import { getMenu } from '../../src/api/menu';
import { fakeApi } from '../fixtures/fake-api';

const storageOf = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });
const menuAnswer = {
  products: [{ id: 1, name: 'Cola', price: 12.9 }],
  product_view: 'LIST',
  is_active: true,
  session_uuid: 'menu-1',
};
const answer = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The request the app's client sends for this page's menu, as its fetch receives it. */
async function clientRequest(page: URL, entries: Record<string, string>, buildDefault: string): Promise<Request> {
  let sent: Request | undefined;
  const client = createApiClient({
    baseHost: resolveBaseHost(storageOf(entries), buildDefault, page.origin),
    storage: { ...storageOf(entries), setItem: () => undefined },
    fetch: (input, init) => {
      sent = new Request(input, init);
      return Promise.resolve(answer(menuAnswer));
    },
  });
  // As the page reads machine_id and qr: the router keeps a repeated parameter's last value; /pay's schema trims it.
  const { machine_id: machineId = '', qr } = Object.fromEntries(page.searchParams);
  await getMenu(client, machineId.trim(), { qr: qr?.trim() });
  if (!sent) throw new Error('the client sent nothing');
  return sent;
}

const headersOf = (request: Request) => [...request.headers.entries()].sort();

describe('the early menu request', () => {
  it.each([
    ['a first visit, the build’s API host', '/pay?machine_id=1001', {}, 'https://api.operator.example'],
    [
      'a session, the build’s API host',
      '/pay?machine_id=1001',
      { session_uuid: 's 1/é' },
      'https://api.operator.example',
    ],
    [
      'base_host in local storage',
      '/pay?machine_id=1001',
      { base_host: 'https://other.example/' },
      'https://x.example',
    ],
    ['no API host: the page’s own origin', '/pay/?machine_id=%201001%20&machine_id=1002', {}, ''],
    ['the sticker’s code', '/pay?machine_id=1001&qr=c0de-1001', {}, 'https://api.operator.example'],
    ['a repeated code, padded', '/pay?qr=first&machine_id=1001&qr=%20last%20', {}, ''],
  ])('is the client’s request to the letter: %s', async (_, path, entries, buildDefault) => {
    const page = new URL(path, 'https://app.example');
    const early = earlyMenuRequest(page, storageOf(entries), buildDefault);
    if (!early) throw new Error('no early request on /pay');
    const sent = new Request(early.url, early.init);
    const expected = await clientRequest(page, entries, buildDefault);

    expect(sent.url).toBe(expected.url);
    expect(sent.method).toBe(expected.method);
    expect(headersOf(sent)).toEqual(headersOf(expected));
    expect(sent.credentials).toBe('include');
    expect(expected.credentials).toBe('include');
  });

  it('carries the sticker’s code beside the machine id, and other query parameters not at all', () => {
    const page = new URL('/pay?machine_id=1001&qr=c0de-1001&machine_close=false', 'https://app.example');
    expect(earlyMenuRequest(page, storageOf({}), 'https://api.operator.example')?.url).toBe(
      'https://api.operator.example/v4/api/menu/get?machine_id=1001&qr=c0de-1001',
    );
  });

  it('is sent only on /pay with a machine id', () => {
    const at = (path: string) => earlyMenuRequest(new URL(path, 'https://app.example'), storageOf({}), '');
    expect(at('/pay?machine_id=1001')).toBeDefined();
    expect(at('/vacuum?machine_id=1001')).toBeUndefined();
    expect(at('/payment?machine_id=1001')).toBeUndefined();
    expect(at('/?machine_id=1001')).toBeUndefined();
    expect(at('/pay')).toBeUndefined();
    expect(at('/pay?machine_id=%20')).toBeUndefined();
  });
});

describe('the early request on the page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is taken once, and its answer claimed once', () => {
    const url = 'https://api.example/v4/api/menu/get?machine_id=7';
    const response = Promise.resolve(answer(menuAnswer));
    const page = { earlyMenuRequest: { url, response } };
    vi.stubGlobal('window', page);
    const early = takeEarlyMenu();
    expect(early?.url).toBe(url);
    expect(page).not.toHaveProperty('earlyMenuRequest');
    expect(takeEarlyMenu()).toBeUndefined();
    expect(early?.claim()).toBe(response);
    expect(early?.claim()).toBeUndefined();
  });
});

describe('getMenu with the early request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The early request for machine-7, as fakeApi's client would send it, answered with `response`. */
  function sentEarly(response: Promise<Response>, machineId = 'machine-7'): EarlyMenu {
    const storage = storageOf({ base_host: 'https://api.example.test/', session_uuid: 'session-1' });
    const request = earlyMenuRequest(new URL(`https://app.example/pay?machine_id=${machineId}`), storage, '');
    if (!request) throw new Error('no early request');
    vi.stubGlobal('window', { earlyMenuRequest: { url: request.url, response } });
    const early = takeEarlyMenu();
    if (!early) throw new Error('the early request was not left on the page');
    return early;
  }

  it('takes its answer instead of asking again; the session is the menu’s, as with its own call', async () => {
    const { client, sent } = fakeApi({ ...menuAnswer, session_uuid: 'own' });
    const menu = await getMenu(client, 'machine-7', { qr: undefined }, sentEarly(Promise.resolve(answer(menuAnswer))));
    expect(sent).toHaveLength(0);
    expect(menu.products.map((product) => product.name)).toEqual(['Cola']);
    expect(client.sessionUuid()).toBe('menu-1');
  });

  it('once: the next call (a retry) asks itself', async () => {
    const { client, sent } = fakeApi(menuAnswer);
    const early = sentEarly(Promise.resolve(answer(menuAnswer)));
    await getMenu(client, 'machine-7', { qr: undefined }, early);
    await getMenu(client, 'machine-7', { qr: undefined }, early);
    expect(sent).toHaveLength(1);
  });

  it('for another request (another machine), asks itself and leaves the early answer alone', async () => {
    const { client, sent } = fakeApi(menuAnswer);
    const early = sentEarly(Promise.resolve(answer(menuAnswer)), 'machine-8');
    await getMenu(client, 'machine-7', { qr: undefined }, early);
    expect(sent.map((request) => request.url.searchParams.get('machine_id'))).toEqual(['machine-7']);
    expect(early.claim()).toBeDefined();
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 500', () => Promise.resolve(answer({ message: 'down' }, 500))],
  ])('that failed with %s is tried again by the client, as its own first attempt would be', async (_, failed) => {
    const { client, sent } = fakeApi(menuAnswer);
    const menu = await getMenu(client, 'machine-7', { qr: undefined }, sentEarly(failed()));
    expect(menu.is_active).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it.each([
    ['a 404', answer({ message: 'no such machine' }, 404), { kind: 'http', status: 404, message: 'no such machine' }],
    ['invalid JSON', answer('{"products": ['), { kind: 'invalid-answer', detail: 'the answer is not JSON' }],
    ['an invalid menu', answer({ products: 'none', is_active: true }), { kind: 'invalid-answer' }],
  ])('that answered %s fails as the client’s own call would, without a second request', async (_, early, failure) => {
    const { client, sent } = fakeApi(menuAnswer);
    await expect(
      getMenu(client, 'machine-7', { qr: undefined }, sentEarly(Promise.resolve(early))),
    ).rejects.toMatchObject({
      failure: expect.objectContaining(failure) as unknown,
    });
    expect(sent).toHaveLength(0);
  });

  it('that is still unanswered after the client’s timeout fails as a timeout', async () => {
    const { client, sent } = fakeApi(menuAnswer, 200, { timeoutMs: 20 });
    const never = new Promise<Response>(() => undefined);
    await expect(getMenu(client, 'machine-7', { qr: undefined }, sentEarly(never))).rejects.toMatchObject({
      failure: { kind: 'timeout' },
    });
    expect(sent).toHaveLength(0);
  });
});
