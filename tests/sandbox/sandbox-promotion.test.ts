/**
 * POST /v4/api/menu/promotion/join (contract joinPromotion): the vacuum's loyalty sign-up reaches the
 * operator. Every exchange here is checked against the contract, request and answer.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { loadCatalogue } from '../../sandbox/catalogue';
import { loadContract, type ContractChecker } from '../fixtures/contract';
import { menuCall } from '../fixtures/machine-pages';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));
const ORIGIN = 'http://sandbox.test';
/** The vacuum (hourly, with the promotion) and a laundry machine without one. */
const VACUUM = '1008';
const NO_PROMOTION = '1005';

let contract: ContractChecker;
beforeAll(async () => {
  contract = await loadContract();
});

async function join(
  app: SandboxApp,
  body: unknown,
  { machineId = VACUUM, session }: { machineId?: string; session?: string } = {},
) {
  const url = new URL('/v4/api/menu/promotion/join', ORIGIN);
  url.searchParams.set('machine_id', machineId);
  if (session) url.searchParams.set('session_uuid', session);
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { 'session-uuid': session } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const response = await app.fetch(request.clone());
  await contract.check(request, response);
  return { status: response.status, body: (await response.json()) as unknown };
}

const members = async (app: SandboxApp): Promise<unknown> => (await app.request('/sandbox/promotion/members')).json();

describe('POST /v4/api/menu/promotion/join', () => {
  it('records a mobile number as its digits, for the machine, with the visitor’s session', async () => {
    const app = createSandboxApp({ catalogue });
    const menu = await app.request(menuCall(VACUUM));
    const { session_uuid: visitor } = (await menu.json()) as { session_uuid: string };
    expect(await join(app, { phone: '(050) 123.4567' }, { session: visitor })).toEqual({
      status: 200,
      body: { status: 0, msg: 'Joined', data: { already_member: false } },
    });
    expect(await members(app)).toEqual([
      {
        machine_id: VACUUM,
        kind: 'phone',
        contact: '0501234567',
        session_uuid: visitor,
        joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      },
    ]);
  });

  it('keeps no session uuid the operator never handed out', async () => {
    const app = createSandboxApp({ catalogue });
    expect((await join(app, { phone: '0501234567' }, { session: 'visitor-1' })).body).toMatchObject({ status: 0 });
    expect(app.members.list()).toMatchObject([{ contact: '0501234567', session_uuid: undefined }]);
  });

  it('records an e-mail address in lower case', async () => {
    const app = createSandboxApp({ catalogue });
    expect((await join(app, { email: ' Dana@Example.com ' })).body).toMatchObject({ status: 0 });
    expect(app.members.list()).toMatchObject([{ machine_id: VACUUM, kind: 'email', contact: 'dana@example.com' }]);
  });

  it('joining twice is harmless: status 0 again, already a member, one membership', async () => {
    const app = createSandboxApp({ catalogue });
    await join(app, { phone: '050-123-4567' });
    expect(await join(app, { phone: '0501234567' })).toEqual({
      status: 200,
      body: { status: 0, msg: 'Already a member', data: { already_member: true } },
    });
    expect(await join(app, { email: 'dana@example.com' })).toMatchObject({ body: { data: { already_member: false } } });
    expect(await join(app, { email: 'DANA@example.com' })).toMatchObject({ body: { data: { already_member: true } } });
    expect(app.members.list().map(({ kind, contact }) => [kind, contact])).toEqual([
      ['phone', '0501234567'],
      ['email', 'dana@example.com'],
    ]);
  });

  it.each([
    [
      'too few digits',
      { phone: '050-123' },
      'phone: not a plausible mobile number (9 to 15 digits, an optional leading +)',
    ],
    [
      'letters',
      { phone: '050-CALL-NOW' },
      'phone: not a plausible mobile number (9 to 15 digits, an optional leading +)',
    ],
    [
      'an e-mail given as the phone',
      { phone: 'dana@example.com' },
      'phone: not a plausible mobile number (9 to 15 digits, an optional leading +)',
    ],
    ['a blank phone', { phone: '   ' }, 'phone: is empty'],
    ['an e-mail without a dotted domain', { email: 'dana@example' }, 'email: not a plausible e-mail address'],
    ['a phone given as the e-mail', { email: '050-123-4567' }, 'email: not a plausible e-mail address'],
    ['a blank e-mail', { email: '  ' }, 'email: is empty'],
  ])('400 for %s, and nothing recorded', async (_, body, message) => {
    const app = createSandboxApp({ catalogue });
    expect(await join(app, body)).toEqual({ status: 400, body: { message } });
    expect(app.members.list()).toEqual([]);
  });

  it('400 for a body that is not one contact (which the contract does not describe either)', async () => {
    const app = createSandboxApp({ catalogue });
    const message = 'the body must be {"phone": "..."} or {"email": "..."}';
    for (const body of [
      '{}',
      '{"phone":"0501234567","email":"dana@example.com"}',
      '{"phone":501234567}',
      '[]',
      'nope',
    ]) {
      const request = new Request(`${ORIGIN}/v4/api/menu/promotion/join?machine_id=${VACUUM}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const response = await app.fetch(request.clone());
      expect(response.status, body).toBe(400);
      expect(await response.json(), body).toEqual({ message: body === 'nope' ? 'the body is not JSON' : message });
      await expect(contract.check(request, response), body).rejects.toThrow(/request body/);
    }
    expect(app.members.list()).toEqual([]);
  });

  it('409 on a machine whose menu offers no promotion; 404 on an unknown machine; 400 without machine_id', async () => {
    const app = createSandboxApp({ catalogue });
    expect(catalogue.get(NO_PROMOTION)?.menu.promotion).toBeUndefined();
    expect(await join(app, { phone: '0501234567' }, { machineId: NO_PROMOTION })).toEqual({
      status: 409,
      body: { message: 'this machine offers no promotion' },
    });
    expect((await join(app, { phone: '0501234567' }, { machineId: '9999' })).status).toBe(404);
    const response = await app.request('/v4/api/menu/promotion/join', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '0501234567' }),
    });
    expect(response.status).toBe(400);
    expect(app.members.list()).toEqual([]);
  });

  it('/sandbox/reset forgets the members', async () => {
    const app = createSandboxApp({ catalogue });
    await join(app, { phone: '0501234567' });
    expect(await members(app)).toHaveLength(1);
    expect((await app.request('/sandbox/reset', { method: 'POST' })).status).toBe(204);
    expect(await members(app)).toEqual([]);
  });
});

describe('the promotion the menus offer', () => {
  it('the vacuum (1008) offers one free vacuuming that saves 3 (requirements.md §9: count 1 and amount 3)', async () => {
    const app = createSandboxApp({ catalogue });
    expect(catalogue.get(VACUUM)?.menu.promotion).toEqual({ count: 1, amount: 3 });
    const menu = (await (await app.request(menuCall(VACUUM))).json()) as { promotion: unknown };
    expect(menu.promotion).toEqual({ count: 1, amount: 3 });
  });
});
