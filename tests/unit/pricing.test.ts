import { describe, it, expect } from 'vitest';
import type { Product } from '../../machines/menu/menu.types';
import {
  convenienceFee,
  orderTotals,
  priceLine,
  priceWithFee,
  roundToCents,
  toPurchaseRequest,
} from '../../machines/shared/pricing';
import { chips, cola, donation, water } from '../fixtures/menus';

const percent = (value: number) => ({ convenience_fee_type: 'percent' as const, convenience_fee_value: value });
const flat = (value: number) => ({ convenience_fee_type: 'flat' as const, convenience_fee_value: value });
const product = (id: number, price: number, fee: ReturnType<typeof flat | typeof percent>): Product => ({
  ...cola,
  id,
  price,
  ...fee,
});

describe('roundToCents', () => {
  it('rounds half away from zero without binary drift', () => {
    expect(Math.round(1.005 * 100) / 100).toBe(1); // the naive way loses the cent
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(0.285)).toBe(0.29);
    expect(roundToCents(2.675)).toBe(2.68);
    expect(roundToCents(8.345)).toBe(8.35);
    expect(roundToCents(-1.005)).toBe(-1.01);
  });

  it('keeps values that already have 2 decimals or fewer', () => {
    expect(roundToCents(12.9)).toBe(12.9);
    expect(roundToCents(0)).toBe(0);
    expect(roundToCents(7)).toBe(7);
    expect(roundToCents(0.1 + 0.2)).toBe(0.3);
  });

  it('drops a third decimal below one half', () => {
    expect(roundToCents(0.3225)).toBe(0.32);
    expect(roundToCents(0.5025)).toBe(0.5);
    expect(roundToCents(1.004999)).toBe(1);
  });
});

describe('convenienceFee (requirements.md §5)', () => {
  it('percent: price × value / 100, rounded to 2 decimals', () => {
    expect(convenienceFee(percent(2.5), 12.9)).toBe(0.32); // 0.3225
    expect(convenienceFee(percent(5), 10.1)).toBe(0.51); // 0.505
    expect(convenienceFee(percent(1.5), 33.5)).toBe(0.5); // 0.5025
    expect(convenienceFee(percent(10), 12.5)).toBe(1.25);
    expect(convenienceFee(percent(0), 12.9)).toBe(0);
  });

  it('flat: the value itself, to 2 decimals', () => {
    expect(convenienceFee(flat(1), 5)).toBe(1);
    expect(convenienceFee(flat(1), 5).toFixed(2)).toBe('1.00');
    expect(convenienceFee(flat(0.125), 99)).toBe(0.13);
    expect(convenienceFee(flat(1.005), 3)).toBe(1.01);
    expect(convenienceFee(flat(0), 7.5)).toBe(0);
  });

  it('flat does not depend on the price', () => {
    expect(convenienceFee(flat(2), 1)).toBe(convenienceFee(flat(2), 1000));
  });
});

describe('priceWithFee: line price = price + fee', () => {
  it('adds a percent fee', () => {
    expect(priceWithFee(percent(2.5), 12.9)).toBe(13.22);
  });

  it('adds a flat fee', () => {
    expect(priceWithFee(flat(1), 5)).toBe(6);
  });

  it('rounds the sum to cents', () => {
    expect(priceWithFee(flat(0.2), 0.1)).toBe(0.3); // not 0.30000000000000004
  });
});

describe('priceLine', () => {
  it('splits one unit into price, fee and total', () => {
    expect(priceLine(cola, 1)).toEqual({
      product: cola,
      count: 1,
      unitPrice: 12.9,
      unitFee: 0.32,
      unitTotal: 13.22,
      lineTotal: 13.22,
    });
  });

  it('multiplies by the QUANTITY count', () => {
    const line = priceLine(cola, 3);
    expect(line.unitTotal).toBe(13.22);
    expect(line.lineTotal).toBe(39.66);
    expect(priceLine(water, 4).lineTotal).toBe(24);
  });

  it('rounds the line total to cents', () => {
    expect(priceLine(product(5, 0.1, flat(0)), 3).lineTotal).toBe(0.3); // 0.1 × 3 = 0.30000000000000004
  });

  it('uses the custom price (price-input) instead of the product price, fee included', () => {
    const line = priceLine(donation, 1, 12.5);
    expect(line.unitPrice).toBe(12.5);
    expect(line.unitFee).toBe(1.25); // 10 %
    expect(line.unitTotal).toBe(13.75);
    expect(line.lineTotal).toBe(13.75);
  });
});

describe('orderTotals: summed with 2-decimal rounding', () => {
  it('sums several lines', () => {
    expect(orderTotals([priceLine(cola, 1), priceLine(water, 1)])).toEqual({
      subtotal: 17.9,
      fees: 1.32,
      total: 19.22,
    });
  });

  it('0.1 three times is 0.30, whether as three lines or one line of 3', () => {
    const dime = product(5, 0.1, flat(0));
    const expected = { subtotal: 0.3, fees: 0, total: 0.3 };
    expect(
      orderTotals([priceLine(dime, 1), priceLine({ ...dime, id: 6 }, 1), priceLine({ ...dime, id: 7 }, 1)]),
    ).toEqual(expected);
    expect(orderTotals([priceLine(dime, 3)])).toEqual(expected);
  });

  it('counts each unit of a QUANTITY line', () => {
    expect(orderTotals([priceLine(cola, 3)])).toEqual({ subtotal: 38.7, fees: 0.96, total: 39.66 });
  });

  it('fees of 0.1 three times sum to 0.3', () => {
    const tenCents = product(8, 1, flat(0.1));
    expect(orderTotals([priceLine(tenCents, 3)]).fees).toBe(0.3);
  });

  it('is zero for no lines', () => {
    expect(orderTotals([])).toEqual({ subtotal: 0, fees: 0, total: 0 });
  });

  it('the total is the sum of the line totals (fees included)', () => {
    const lines = [priceLine(cola, 2), priceLine(water, 1), priceLine(chips, 1)];
    const totals = orderTotals(lines);
    expect(totals.total).toBe(roundToCents(lines.reduce((acc, line) => acc + line.lineTotal, 0)));
    expect(totals.total).toBe(roundToCents(totals.subtotal + totals.fees));
  });
});

describe('toPurchaseRequest (set_purchase lines, requirements.md §3)', () => {
  it('sends product_id and count without a custom price', () => {
    expect(toPurchaseRequest([priceLine(cola, 3), priceLine(water, 1)])).toEqual([
      { product_id: 1, count: 3 },
      { product_id: 2, count: 1 },
    ]);
    expect(toPurchaseRequest([priceLine(cola, 1)])[0]).not.toHaveProperty('custom_price');
  });

  it('adds custom_price to every line when given', () => {
    expect(toPurchaseRequest([priceLine(donation, 1, 12.5)], { custom_price: 12.5 })).toEqual([
      { product_id: 'custom-9', count: 1, custom_price: 12.5 },
    ]);
  });

  it('sends nothing for no lines', () => {
    expect(toPurchaseRequest([])).toEqual([]);
  });
});
