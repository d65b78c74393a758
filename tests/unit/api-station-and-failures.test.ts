/**
 * requirements.md §7: the wheelshare and Bit calls (method, path, query, body), every call with the session uuid in
 * header and query and credentials; requirements.md §8: what a failed call is (HTTP status and the operator's
 * message, time-out, an answer that is not what §3 describes, offline). GETs retry, POSTs never.
 */
import { HTTPError, TimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import { initBitPayment } from '../../src/api/bit';
import { startCardScan } from '../../src/api/card-scan';
import { paymentStatus } from '../../src/api/payment-status';
import { resolveBaseHost } from '../../src/api/address';
import { createApiClient, fetchJson, GET_RETRIES } from '../../src/api/client';
import {
  isWaitingForCard,
  requestDeferredPayment,
  returnRental,
  setWheelsharePurchase,
} from '../../src/api/wheelshare';
import * as v from 'valibot';
import { NoRentalHere } from '../../machines/wheelshare/wheelshare.types';
import { fakeApi, query, type Sent } from '../fixtures/fake-api';
import { attempt, twoLineOrder } from '../fixtures/orders';

const station = { machineId: 'station-3', phone: '0501234567', session: 'rental-session' };
const only = (sent: Sent[]) => {
  expect(sent).toHaveLength(1);
  return sent[0] as Sent;
};

describe('wheelshare calls (requirements.md §7)', () => {
  it('set_purchase posts the rental with phone_number and machine_id and answers session_id', async () => {
    const rental = {
      rental_option: 'hourly' as const,
      start_time: '2026-01-01T10:00:00Z',
      end_time: '2026-01-01T11:00:00Z',
    };
    const { client, sent } = fakeApi({ session_id: 'rental-session' });
    await expect(setWheelsharePurchase(client, { ...station, rental })).resolves.toBe('rental-session');
    const call = only(sent);
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v4/api/merchants/wheelshare/set_purchase');
    expect(query(call)).toEqual({ phone_number: '0501234567', machine_id: 'station-3', session_uuid: 'session-1' });
    expect(call.body).toEqual(rental);
  });

  it('pay posts payment_type=deferred and answers status, message and payment link', async () => {
    const { client, sent } = fakeApi({ status: 0, msg: null, data: { payment_url: 'https://pay.example/x' } });
    await expect(requestDeferredPayment(client, station)).resolves.toEqual({
      status: 0,
      message: '',
      paymentUrl: 'https://pay.example/x',
    });
    const call = only(sent);
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v4/api/merchants/wheelshare/pay');
    expect(query(call)).toEqual({
      payment_type: 'deferred',
      phone_number: '0501234567',
      machine_id: 'station-3',
      // The rental's session, not the client's.
      session_uuid: 'rental-session',
    });
    await expect(
      requestDeferredPayment(fakeApi({ status: 4, msg: 'busy', data: null }).client, station),
    ).resolves.toEqual({
      status: 4,
      message: 'busy',
      paymentUrl: undefined,
    });
  });

  it('is_waiting_for_creditcard is a GET answering its boolean status, tried once', async () => {
    const { client, sent } = fakeApi({ status: true });
    await expect(isWaitingForCard(client, station)).resolves.toBe(true);
    const call = only(sent);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe('/v4/api/merchants/wheelshare/is_waiting_for_creditcard');
    expect(query(call)).toEqual({
      phone_number: '0501234567',
      machine_id: 'station-3',
      session_uuid: 'rental-session',
    });
    expect(call.headers.get('session-uuid')).toBe('rental-session');
    const failing = fakeApi({}, 503);
    await expect(isWaitingForCard(failing.client, station)).rejects.toMatchObject({
      failure: { kind: 'http', status: 503 },
    });
    expect(failing.sent).toHaveLength(1);
  });

  it('return posts phone_number to /v4/api/integration/wheelshare/return and answers status and message', async () => {
    const { client, sent } = fakeApi({ status: 2, msg: 'not rented' });
    await expect(returnRental(client, { phone: '0501234567', session: 'rental-session' })).resolves.toEqual({
      status: 2,
      message: 'not rented',
    });
    const call = only(sent);
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v4/api/integration/wheelshare/return');
    expect(query(call)).toEqual({ phone_number: '0501234567', session_uuid: 'rental-session' });
  });

  it('return without the rental session asks nothing (the operator refuses it) and says no rental is here', async () => {
    const { client, sent } = fakeApi({ status: 0, msg: 'ok' });
    await expect(returnRental(client, { phone: '0501234567', session: undefined })).rejects.toThrow(NoRentalHere);
    expect(sent).toEqual([]);
  });
});

describe('the station poll', () => {
  it("gives up within the client's own time-out when that is shorter than the poll's 5 s", async () => {
    const hanging = createApiClient({
      baseHost: 'https://api.example.test',
      storage: { getItem: () => null, setItem: () => undefined },
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    const started = Date.now();
    await expect(isWaitingForCard(hanging, station)).rejects.toMatchObject({ failure: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('card scan calls', () => {
  it('start posts machine_id without a body and answers the scanner page', async () => {
    const { client, sent } = fakeApi({ status: 0, data: { scan_id: 'SCAN-1', scan_url: 'https://scan.example/s/1' } });
    await expect(startCardScan(client, attempt(twoLineOrder))).resolves.toEqual({
      status: 0,
      msg: '',
      scanUrl: 'https://scan.example/s/1',
    });
    const call = only(sent);
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v4/api/payment/pre/card_scan/start');
    expect(query(call)).toEqual({ machine_id: 'machine-7', session_uuid: 'session-1' });
    expect(call.body).toBeUndefined();
  });

  it("reads a numbered scan (the contract's Id is an integer or a name) and refuses an empty name", async () => {
    const numbered = fakeApi({ status: 0, msg: null, data: { scan_id: 42, scan_url: 'https://scan.example/s/42' } });
    await expect(startCardScan(numbered.client, attempt(twoLineOrder))).resolves.toEqual({
      status: 0,
      msg: '',
      scanUrl: 'https://scan.example/s/42',
    });
    const unnamed = fakeApi({ status: 0, data: { scan_id: '', scan_url: 'https://scan.example/s/0' } });
    await expect(startCardScan(unnamed.client, attempt(twoLineOrder))).rejects.toMatchObject({
      failure: { kind: 'invalid-answer' },
    });
  });
});

describe('Bit calls', () => {
  it('init posts return_url with machine_id and answers the transaction and its payment page', async () => {
    const { client, sent } = fakeApi({ status: 0, data: { transaction_id: 41, payment_url: 'https://bit.example/p' } });
    await expect(initBitPayment(client, attempt(twoLineOrder), 'https://app.example/back')).resolves.toEqual({
      status: 0,
      msg: '',
      payment: { transactionId: '41', paymentUrl: 'https://bit.example/p' },
    });
    const call = only(sent);
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v4/api/payment/pre/bit/init');
    expect(query(call)).toEqual({ machine_id: 'machine-7', session_uuid: 'session-1' });
    expect(call.body).toEqual({ return_url: 'https://app.example/back' });
    await expect(initBitPayment(fakeApi({ status: 5, msg: 'no' }).client, attempt(twoLineOrder), 'r')).resolves.toEqual(
      {
        status: 5,
        msg: 'no',
        payment: undefined,
      },
    );
    await expect(
      initBitPayment(
        fakeApi({ status: 0, data: { transaction_id: '', payment_url: 'https://b/' } }).client,
        attempt(twoLineOrder),
        'r',
      ),
    ).rejects.toMatchObject({ failure: { kind: 'invalid-answer' } });
  });

  it('the status call answers each of the operator’s words: paid, not charged, pending', async () => {
    for (const status of ['paid', 'not_charged', 'pending']) {
      const { client } = fakeApi({ status, data: { transaction_id: null, method: null } });
      await expect(paymentStatus(client, { machineId: 'm', sessionId: 's' })).resolves.toMatchObject({ status });
    }
  });

  it("a declined charge's words come with the status", async () => {
    const { client } = fakeApi({
      status: 'not_charged',
      msg: 'declined',
      data: { transaction_id: 'SBX-1', method: 'card_scan', decline_message: 'Your card was declined.' },
    });
    await expect(paymentStatus(client, { machineId: 'm', sessionId: 's' })).resolves.toMatchObject({
      declineMessage: 'Your card was declined.',
    });
  });

  it("the status call is a GET under the purchase's own session; the operator's methods are the app's", async () => {
    const { client, sent } = fakeApi({ status: 'paid', msg: 'ok', data: { transaction_id: 41, method: 'yaad_sarig' } });
    await expect(paymentStatus(client, { machineId: 'machine-7', sessionId: 'purchase-session' })).resolves.toEqual({
      status: 'paid',
      msg: 'ok',
      transactionId: '41',
      method: 'credit_card',
    });
    const call = only(sent);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe('/v4/api/payment/status');
    expect(query(call)).toEqual({ machine_id: 'machine-7', session_uuid: 'purchase-session' });
    expect(call.headers.get('session-uuid')).toBe('purchase-session');
    await expect(
      paymentStatus(fakeApi({ status: 'pending', data: { transaction_id: null, method: null } }).client, {
        machineId: 'm',
        sessionId: 's',
      }),
    ).resolves.toEqual({ status: 'pending', msg: '', transactionId: undefined, method: undefined });
    await expect(
      paymentStatus(fakeApi({ status: 'approved', data: { transaction_id: 'a', method: 'bit' } }).client, {
        machineId: 'm',
        sessionId: 's',
      }),
    ).rejects.toMatchObject({ failure: { kind: 'invalid-answer' } });
  });
});

describe('the client (requirements.md §7, §8)', () => {
  const anything = v.unknown();

  it('the base host is local storage first, then the build setting, then this origin', () => {
    const stored = { getItem: () => 'https://stored.example' };
    const empty = { getItem: () => null };
    expect(resolveBaseHost(stored, 'https://build.example', 'https://origin.example')).toBe('https://stored.example');
    expect(resolveBaseHost(empty, 'https://build.example', 'https://origin.example')).toBe('https://build.example');
    expect(resolveBaseHost(empty, '', 'https://origin.example')).toBe('https://origin.example');
  });

  it('passes over a stored base host that is no http(s) address, as /debug_vars would refuse it', () => {
    for (const value of ['api.example.com', 'javascript:alert(1)', 'http://', 'https://user:pw@api.example']) {
      const stored = { getItem: () => value };
      expect(resolveBaseHost(stored, 'https://build.example', 'https://origin.example'), value).toBe(
        'https://build.example',
      );
    }
    const slashed = { getItem: () => 'https://stored.example/' };
    expect(resolveBaseHost(slashed, 'https://build.example', 'https://origin.example')).toBe('https://stored.example');
  });

  it('paths carry /v4/ after the base host, however many slashes end it', async () => {
    const sent: string[] = [];
    const client = createApiClient({
      baseHost: 'https://api.example.test///',
      storage: { getItem: () => null, setItem: () => undefined },
      fetch: (input, init) => {
        sent.push(new Request(input, init).url);
        return Promise.resolve(Response.json({}));
      },
    });
    await fetchJson(client, anything, 'api/menu/get');
    expect(sent).toEqual(['https://api.example.test/v4/api/menu/get']);
  });

  it('without a session uuid a call sends neither the header nor the query', async () => {
    const { client, sent, storage } = fakeApi({});
    storage.clear();
    await fetchJson(client, anything, 'api/menu/get', { searchParams: { machine_id: 'm' } });
    const call = only(sent);
    expect(query(call)).toEqual({ machine_id: 'm' });
    expect(call.headers.has('session-uuid')).toBe(false);
  });

  it('a set session uuid is stored and sent on every later call', async () => {
    const { client, sent, storage } = fakeApi({});
    client.setSessionUuid('new-session');
    expect(storage.get('session_uuid')).toBe('new-session');
    expect(client.sessionUuid()).toBe('new-session');
    await fetchJson(client, anything, 'x');
    expect(query(only(sent)).session_uuid).toBe('new-session');
  });

  it("an HTTP error fails with its status and the operator's message, when the body has one", async () => {
    await expect(fetchJson(fakeApi({ message: 'machine not found' }, 404).client, anything, 'x')).rejects.toMatchObject(
      {
        failure: { kind: 'http', status: 404, message: 'machine not found' },
      },
    );
    for (const body of ['not json', { message: 7 }, null, { other: 'x' }]) {
      const error: unknown = await fetchJson(fakeApi(body, 404).client, anything, 'x').catch((e: unknown) => e);
      expect(error).toMatchObject({ failure: { kind: 'http', status: 404, message: undefined } });
    }
  });

  it('a GET is tried again GET_RETRIES times, a POST only once', async () => {
    const get = fakeApi({}, 500);
    await expect(fetchJson(get.client, anything, 'x')).rejects.toMatchObject({
      failure: { kind: 'http', status: 500 },
    });
    expect(get.sent).toHaveLength(1 + GET_RETRIES);
    const post = fakeApi({}, 500);
    await expect(fetchJson(post.client, anything, 'x', { method: 'post' })).rejects.toMatchObject({
      failure: { kind: 'http' },
    });
    expect(post.sent).toHaveLength(1);
  }, 10_000);

  it('nothing but a GET is ever sent twice by the client, whatever the method (ky alone would retry PUT, DELETE …)', async () => {
    for (const method of ['put', 'delete', 'patch', 'head', 'options'] as const) {
      const api = fakeApi({}, 503);
      await expect(api.client.http(`api/${method}`, { method })).rejects.toBeInstanceOf(HTTPError);
      expect(api.sent.map((request) => request.method)).toEqual([method.toUpperCase()]);
    }
  });

  it('an answer that is not the expected shape names where, one that is not JSON says so', async () => {
    const schema = v.object({ data: v.object({ id: v.string() }) });
    await expect(fetchJson(fakeApi({ data: { id: 3 } }).client, schema, 'x')).rejects.toMatchObject({
      failure: { kind: 'invalid-answer', detail: expect.stringMatching(/^data\.id: /) as unknown },
    });
    await expect(fetchJson(fakeApi('5').client, schema, 'x')).rejects.toMatchObject({
      failure: { kind: 'invalid-answer', detail: expect.stringMatching(/^\(root\): /) as unknown },
    });
    await expect(fetchJson(fakeApi('{not json').client, schema, 'x')).rejects.toMatchObject({
      failure: { kind: 'invalid-answer', detail: 'the answer is not JSON' },
    });
  });

  it('a time-out fails as timeout, a network failure as offline', async () => {
    const slow = createApiClient({
      baseHost: 'https://api.example.test',
      storage: { getItem: () => null, setItem: () => undefined },
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    expect(slow.timeoutMs).toBe(20);
    await expect(fetchJson(slow, anything, 'x')).rejects.toMatchObject({ failure: { kind: 'timeout' } });
    await expect(fetchJson(fakeApi(new TypeError('Failed to fetch')).client, anything, 'x')).rejects.toMatchObject({
      failure: { kind: 'offline' },
    });
    expect(TimeoutError).toBeDefined();
  });
});
