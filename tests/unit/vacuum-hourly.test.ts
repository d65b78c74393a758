import { describe, expect, it } from 'vitest';
import type { Product } from '../../machines/menu/menu.types';
import { chargeableLine, hourlyLine } from '../../machines/vacuum/hourly';

const vacuumAt = (price: number): Product => ({
  id: 801,
  name: 'Vacuum — 1 hour',
  description: 'Price per hour',
  price,
  image_url: '/img/vacuum.svg',
  available: true,
  is_most_popular: false,
  // A fee on the product never applies to the hourly charge (requirements.md §9: service fee 0).
  convenience_fee_type: 'percent',
  convenience_fee_value: 10,
});

describe('the hourly line (requirements.md §5: hours × hourly price; §9: no service fee)', () => {
  it.each([
    [20, 12, 4],
    [90, 18, 27],
    [90, 12, 18],
    [120, 12, 24],
    [1, 12.5, 0.21],
    [1439, 12, 287.8],
  ])('%i min × ₪%s = ₪%s', (minutes, price, charge) => {
    const line = hourlyLine(vacuumAt(price), minutes);
    expect(line).toMatchObject({ count: 1, unitPrice: charge, unitFee: 0, unitTotal: charge, lineTotal: charge });
  });

  it('keeps the product, so the receipt names it', () => {
    expect(hourlyLine(vacuumAt(12), 60).product.name).toBe('Vacuum — 1 hour');
  });
});

describe('chargeableLine: only a span that costs something can be paid', () => {
  it('is the hourly line when the charge is above 0', () => {
    expect(chargeableLine(vacuumAt(12), 90)).toEqual(hourlyLine(vacuumAt(12), 90));
  });

  it.each([
    ['no product', undefined, 60],
    ['no span', vacuumAt(12), 0],
    ['a minute of a product whose charge rounds to 0.00', vacuumAt(0.15), 1],
  ])('is undefined for %s', (_, product, minutes) => {
    expect(chargeableLine(product, minutes)).toBeUndefined();
  });
});
