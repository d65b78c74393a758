/**
 * The providers' ledger (sandbox/stores.ts) as the stand-ins keep it: a sale takes the money when approved;
 * a hold (manual capture) takes nothing until the merchant captures it (in full or in part, once) or
 * releases it; refunds return what was taken, at most that, pending until the provider settles them.
 */
import { describe, expect, it } from 'vitest';
import { createChargeStore, takenBy, type ChargeStore, type NewCharge } from '../../sandbox/stores';

const START = Date.parse('2026-11-29T10:00:00.000Z');
const SETTLE_MS = 4000;

/** A ledger on a clock the test moves. */
function ledger() {
  let now = START;
  const charges = createChargeStore(() => new Date(now), SETTLE_MS);
  return { charges, advance: (ms: number) => (now += ms) };
}

const charge = (fields: Partial<NewCharge> = {}): NewCharge => ({
  machine_id: '1005',
  session_id: 'purchase-1',
  method: 'tranzila',
  reference: 'thtk-1',
  amount: 12.5,
  currency: 'ILS',
  status: 'approved',
  ...fields,
});
/** What the charge with this id took, as the ledger has it now. */
const taken = (charges: ChargeStore, id: string) => {
  const found = charges.find(id);
  if (!found) throw new Error(`no charge ${id}`);
  return takenBy(found);
};
const sale = (fields: Partial<NewCharge> = {}) => charge({ capture_method: 'automatic', ...fields });
const hold = (fields: Partial<NewCharge> = {}) => charge({ capture_method: 'manual', ...fields });

describe('recording', () => {
  it('a charge is a sale unless it says it is a hold; it starts with no refunds', () => {
    const { charges } = ledger();
    expect(charges.recordCharge(charge())).toMatchObject({
      id: 'SBX-000001',
      capture_method: 'automatic',
      refunds: [],
      created_at: '2026-11-29T10:00:00.000Z',
    });
    expect(charges.recordCharge(hold(), 'BIT-7')).toMatchObject({ id: 'BIT-7', capture_method: 'manual' });
  });
});

describe('capture', () => {
  it('captures a hold in full', () => {
    const { charges } = ledger();
    const { id } = charges.recordCharge(hold());
    expect(charges.capture(id, 12.5)).toMatchObject({ id, captured_amount: 12.5 });
    expect(charges.find(id)?.released_at).toBeUndefined();
  });

  it('captures a hold in part (a partial vend): only that is taken', () => {
    const { charges } = ledger();
    const { id } = charges.recordCharge(hold());
    expect(charges.capture(id, 7.3)).toMatchObject({ captured_amount: 7.3 });
    expect(taken(charges, id)).toBe(7.3);
  });

  it('refuses a second capture: a hold is captured once', () => {
    const { charges } = ledger();
    const { id } = charges.recordCharge(hold());
    charges.capture(id, 5);
    expect(charges.capture(id, 5)).toBeUndefined();
    expect(charges.find(id)?.captured_amount).toBe(5);
  });

  it('refuses more than the hold, nothing, a negative sum or no number, and leaves the hold open', () => {
    const { charges } = ledger();
    const { id } = charges.recordCharge(hold());
    for (const amount of [12.51, 0, -1, Number.NaN]) expect(charges.capture(id, amount)).toBeUndefined();
    expect(charges.find(id)?.captured_amount).toBeUndefined();
    expect(charges.capture(id, 12.5)).toMatchObject({ captured_amount: 12.5 });
  });

  it('refuses to capture a sale, a declined hold, a released hold, or a charge it does not know', () => {
    const { charges } = ledger();
    const { id: saleId } = charges.recordCharge(sale());
    const { id: declinedId } = charges.recordCharge(hold({ status: 'declined' }));
    const { id: releasedId } = charges.recordCharge(hold());
    charges.release(releasedId);
    for (const id of [saleId, declinedId, releasedId, 'SBX-999999']) expect(charges.capture(id, 1)).toBeUndefined();
  });
});

describe('release', () => {
  it('releases an open hold when it is asked: nothing is taken', () => {
    const { charges, advance } = ledger();
    const { id } = charges.recordCharge(hold());
    advance(1500);
    expect(charges.release(id)).toMatchObject({ id, released_at: '2026-11-29T10:00:01.500Z' });
    expect(taken(charges, id)).toBe(0);
  });

  it('refuses to release a captured hold, a released one again, or a sale', () => {
    const { charges } = ledger();
    const { id: captured } = charges.recordCharge(hold());
    charges.capture(captured, 4);
    const { id: released } = charges.recordCharge(hold());
    charges.release(released);
    const firstRelease = charges.find(released)?.released_at;
    const { id: saleId } = charges.recordCharge(sale());
    for (const id of [captured, released, saleId]) expect(charges.release(id)).toBeUndefined();
    expect(charges.find(captured)?.captured_amount).toBe(4);
    expect(charges.find(captured)?.released_at).toBeUndefined();
    expect(charges.find(released)?.released_at).toBe(firstRelease);
  });
});

describe('refund', () => {
  it('refunds all of a sale by default, once', () => {
    const { charges } = ledger();
    const { id } = charges.recordCharge(sale());
    expect(charges.refund(id)).toEqual({
      id: `RF-${id}-1`,
      amount: 12.5,
      status: 'pending',
      created_at: '2026-11-29T10:00:00.000Z',
    });
    expect(charges.refund(id)).toBeUndefined();
    expect(charges.find(id)?.refunds).toHaveLength(1);
  });

  it('refunds a captured hold up to what was captured, not what was held', () => {
    const { charges } = ledger();
    const { id } = charges.recordCharge(hold());
    charges.capture(id, 8);
    expect(charges.refund(id, 8.01)).toBeUndefined();
    expect(charges.refund(id)).toMatchObject({ amount: 8 });
  });

  it('refunds in parts, to the cent, and refuses what goes past what was taken', () => {
    const { charges } = ledger();
    const { id } = charges.recordCharge(sale({ amount: 0.3 }));
    expect(charges.refund(id, 0.1)).toMatchObject({ id: `RF-${id}-1`, amount: 0.1 });
    expect(charges.refund(id, 0.2)).toMatchObject({ id: `RF-${id}-2`, amount: 0.2 });
    expect(charges.refund(id, 0.01)).toBeUndefined();
    expect(charges.find(id)?.refunds.map((each) => each.amount)).toEqual([0.1, 0.2]);
  });

  it('refuses more than was taken, nothing, a negative sum or no number', () => {
    const { charges } = ledger();
    const { id } = charges.recordCharge(sale());
    for (const amount of [12.51, 0, -3, Number.NaN]) expect(charges.refund(id, amount)).toBeUndefined();
    expect(charges.find(id)?.refunds).toEqual([]);
  });

  it('refunds nothing of a hold not captured, a released hold, a declined charge, or an unknown one', () => {
    const { charges } = ledger();
    const { id: open } = charges.recordCharge(hold());
    const { id: released } = charges.recordCharge(hold());
    charges.release(released);
    const { id: declined } = charges.recordCharge(sale({ status: 'declined' }));
    for (const id of [open, released, declined, 'SBX-999999']) expect(charges.refund(id)).toBeUndefined();
  });

  it('is pending until the provider settles it (refundSettleMs later), then succeeded wherever it is read', () => {
    const { charges, advance } = ledger();
    const { id } = charges.recordCharge(sale());
    charges.refund(id, 2);
    advance(SETTLE_MS - 1);
    expect(charges.find(id)?.refunds).toMatchObject([{ status: 'pending' }]);
    expect(charges.ofOrder('purchase-1')[0]?.refunds).toMatchObject([{ status: 'pending' }]);
    advance(1);
    charges.refund(id, 3);
    expect(charges.list()[0]?.refunds).toMatchObject([
      { amount: 2, status: 'succeeded' },
      { amount: 3, status: 'pending' },
    ]);
    advance(SETTLE_MS);
    expect(charges.ofOrder('purchase-1')[0]?.refunds).toMatchObject([{ status: 'succeeded' }, { status: 'succeeded' }]);
  });
});

describe('takenBy', () => {
  it('a sale takes its amount, a hold what was captured, a hold not captured or a decline nothing', () => {
    const { charges } = ledger();
    const saleCharge = charges.recordCharge(sale());
    const captured = charges.recordCharge(hold());
    charges.capture(captured.id, 9.99);
    const open = charges.recordCharge(hold());
    const declined = charges.recordCharge(sale({ status: 'declined' }));
    expect([saleCharge, captured, open, declined].map((each) => taken(charges, each.id))).toEqual([12.5, 9.99, 0, 0]);
  });

  it('does not take refunds off: it is what the charge took, refunded or not', () => {
    const { charges } = ledger();
    const { id } = charges.recordCharge(sale());
    charges.refund(id);
    expect(taken(charges, id)).toBe(12.5);
  });
});
