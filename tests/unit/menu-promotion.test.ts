/**
 * The menu's `promotion` (requirements.md §3 "promotion count and savings amount", §9 "count 1 and amount 3") as
 * the app reads it, and the loyalty sign-up's call (POST /api/menu/promotion/join, contract joinPromotion).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { menuSchema, toMenu } from '../../src/api/menu';
import { joinPromotion, PromotionRefused } from '../../src/api/promotion';
import { fakeApi, query } from '../fixtures/fake-api';

const menuAnswer = (fields: object = {}) => ({
  products: [{ id: 1, name: 'Vacuum', price: 12 }],
  is_active: true,
  ...fields,
});
const read = (fields: object) => {
  const logged: string[] = [];
  const menu = toMenu(v.parse(menuSchema, menuAnswer({ product_view: 'GRID', session_uuid: 's-1', ...fields })), (m) =>
    logged.push(m),
  );
  return { promotion: menu.promotion, logged };
};

describe('the menu’s promotion', () => {
  it('reads count and amount (money as a number or a decimal string)', () => {
    expect(read({ promotion: { count: 1, amount: 3 } })).toEqual({ promotion: { count: 1, amount: 3 }, logged: [] });
    expect(read({ promotion: { count: 2, amount: '7.50' } }).promotion).toEqual({ count: 2, amount: 7.5 });
  });

  it('absent or null: none, quietly', () => {
    expect(read({})).toEqual({ promotion: undefined, logged: [] });
    expect(read({ promotion: null })).toEqual({ promotion: undefined, logged: [] });
  });

  it.each([
    ['no count', { amount: 3 }],
    ['no amount', { count: 1 }],
    ['a count of 0', { count: 0, amount: 3 }],
    ['a fractional count', { count: 1.5, amount: 3 }],
    ['a negative amount', { count: 1, amount: -3 }],
    ['an amount that is not money', { count: 1, amount: '3,00' }],
    ['not an object', 'every tenth'],
  ])('malformed (%s): none, logged, and the rest of the menu still served', (_, promotion) => {
    expect(read({ promotion })).toEqual({
      promotion: undefined,
      logged: ['menu has a malformed promotion; the offer is not shown'],
    });
  });
});

describe('POST /api/menu/promotion/join', () => {
  it('sends the machine and { phone } or { email }; resolves on status 0', async () => {
    const { client, sent } = fakeApi({ status: 0, msg: 'Joined', data: { already_member: false } });
    await expect(
      joinPromotion(client, { machineId: '1008', contact: { kind: 'phone', value: '0501234567' } }),
    ).resolves.toBeUndefined();
    await expect(
      joinPromotion(client, { machineId: '1008', contact: { kind: 'email', value: 'dana@example.com' } }),
    ).resolves.toBeUndefined();
    expect(sent.map((call) => [call.method, call.url.pathname, query(call), call.body])).toEqual([
      [
        'POST',
        '/v4/api/menu/promotion/join',
        { machine_id: '1008', session_uuid: 'session-1' },
        { phone: '0501234567' },
      ],
      [
        'POST',
        '/v4/api/menu/promotion/join',
        { machine_id: '1008', session_uuid: 'session-1' },
        { email: 'dana@example.com' },
      ],
    ]);
    expect(sent[0]?.headers.get('session-uuid')).toBe('session-1');
    expect(sent[0]?.headers.get('idempotency-key'), 'it moves no money').toBeNull();
  });

  it('a status other than 0 is a refusal; an HTTP error or a bad answer is a typed failure', async () => {
    const contact = { machineId: '1008', contact: { kind: 'email', value: 'dana@example.com' } } as const;
    const refused = joinPromotion(fakeApi({ status: 3, msg: 'closed' }).client, contact);
    await expect(refused).rejects.toBeInstanceOf(PromotionRefused);
    await expect(refused).rejects.toMatchObject({ status: 3, msg: 'closed' });
    await expect(joinPromotion(fakeApi({ message: 'no promotion' }, 409).client, contact)).rejects.toMatchObject({
      failure: { kind: 'http', status: 409, message: 'no promotion' },
    });
    await expect(joinPromotion(fakeApi({ ok: true }).client, contact)).rejects.toMatchObject({
      failure: { kind: 'invalid-answer' },
    });
  });
});
