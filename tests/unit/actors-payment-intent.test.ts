/**
 * src/actors/payment-intent.ts: /genPaymentIntend asks the operator for the payment page of its query, keeps
 * the visitor uuid with that page in local storage and replaces this page with it (Back must not ask again).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { providePaymentIntent } from '../../src/actors/payment-intent';
import { fakeApi, query } from '../fixtures/fake-api';
import { NOT_WEB_ADDRESSES } from '../fixtures/hostile-addresses';
import { stubLocalStorage } from '../fixtures/local-storage';

const store = new Map<string, string>();
const location = { replace: vi.fn(), assign: vi.fn() };

beforeEach(() => {
  store.clear();
  location.replace.mockClear();
  location.assign.mockClear();
  vi.stubGlobal('window', { location });
  stubLocalStorage(store);
});
afterEach(() => vi.unstubAllGlobals());

const PAGE = 'https://pay.example/customPaymentIframe?totalPrice=7.50&machineId=15';

function request(answer: unknown) {
  const { client, sent } = fakeApi(answer);
  const actor = createActor(providePaymentIntent(client), { input: { query: 'machine_id=15&price=7.50' } }).start();
  return { actor, sent };
}

describe('/genPaymentIntend', () => {
  it('asks get_iframe with the query, keeps the visitor uuid for the page, and replaces this page with it', async () => {
    const { actor, sent } = request({ iframe_url: PAGE, payment: { visitor_uuid: 'visitor-1' } });
    await waitFor(actor, (snapshot) => snapshot.matches('Redirecting'));

    expect(sent.map((call) => call.url.pathname)).toEqual(['/v4/api/merchants/custom/get_iframe']);
    expect(query(sent[0] ?? (undefined as never))).toMatchObject({ machine_id: '15', price: '7.50' });
    expect(Object.fromEntries(store)).toEqual({ visitor_uuid: 'visitor-1', visitor_uuid_for: PAGE });
    expect(location.replace).toHaveBeenCalledWith(PAGE);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it.each(NOT_WEB_ADDRESSES)('follows no page %j that is not a web address, and keeps nothing', async (address) => {
    const { actor } = request({ iframe_url: address, payment: { visitor_uuid: 'visitor-1' } });
    await waitFor(actor, (snapshot) => snapshot.matches('Refused'));
    expect(store.size).toBe(0);
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('the redirect itself checks the address once more', () => {
    const { client } = fakeApi({});
    const redirect = providePaymentIntent(client).implementations.actions.redirect as (
      args: unknown,
      url: string,
    ) => void;
    redirect({}, 'data:text/html,hi');
    expect(location.replace).not.toHaveBeenCalled();
    redirect({}, PAGE);
    expect(location.replace).toHaveBeenCalledWith(PAGE);
  });
});
