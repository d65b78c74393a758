import { describe, expect, it } from 'vitest';
import { minutesBetween } from '../../machines/shared/time-of-day';
import {
  defaultTimes,
  RENTAL_CURRENCY_SYMBOL,
  RENTAL_RATES,
  rentalPeriod,
  rentalPrice,
} from '../../machines/wheelshare/rental-rules';

/** A local instant on 10 March 2031 (a day with no clock change). */
const at = (hours: number, minutes = 0) => new Date(2031, 2, 10, hours, minutes).getTime();

describe('rental period', () => {
  it('defaults to now and an hour from now, past midnight too', () => {
    expect(defaultTimes(at(9, 5))).toEqual({ startTime: '09:05', endTime: '10:05' });
    expect(defaultTimes(at(23, 40))).toEqual({ startTime: '23:40', endTime: '00:40' });
  });

  it('places the period on the given day, the end after the start', () => {
    const { start, end } = rentalPeriod(at(8, 12), '22:00', '01:30');
    expect(start.getTime()).toBe(at(22));
    expect(end.getTime()).toBe(new Date(2031, 2, 11, 1, 30).getTime());
  });
});

describe('rental price (requirements.md §9: 5 an hour, 60 a day, in NIS)', () => {
  it('has the rates and the shekel in one place', () => {
    expect(RENTAL_RATES).toEqual({ hourly: 5, daily: 60 });
    expect(RENTAL_CURRENCY_SYMBOL).toBe('₪');
  });

  it('hourly: each started hour counts whole', () => {
    expect(rentalPrice('hourly', 60)).toEqual({ units: 1, rate: 5, amount: 5 });
    expect(rentalPrice('hourly', 61)).toEqual({ units: 2, rate: 5, amount: 10 });
    expect(rentalPrice('hourly', 150)).toEqual({ units: 3, rate: 5, amount: 15 });
  });

  it('daily: each started day counts whole', () => {
    expect(rentalPrice('daily', 90)).toEqual({ units: 1, rate: 60, amount: 60 });
    expect(rentalPrice('daily', 24 * 60 + 1)).toEqual({ units: 2, rate: 60, amount: 120 });
  });

  it('is at least one unit, even for no time at all', () => {
    expect(rentalPrice('hourly', 0).amount).toBe(5);
    expect(rentalPrice('daily', 0).amount).toBe(60);
  });

  it('prices an overnight rental by its real length', () => {
    expect(rentalPrice('hourly', minutesBetween('23:30', '01:00')).amount).toBe(10);
  });
});
