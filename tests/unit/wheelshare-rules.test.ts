import { describe, expect, it } from 'vitest';
import { minutesBetween } from '../../machines/vacuum/hourly';
import {
  checkPhone,
  defaultTimes,
  isTimeOfDay,
  isWebAddress,
  normalisePhone,
  RENTAL_CURRENCY_SYMBOL,
  RENTAL_RATES,
  rentalPeriod,
  rentalPrice,
} from '../../machines/wheelshare/rental-rules';

/** A local instant on 10 March 2031 (a day with no clock change). */
const at = (hours: number, minutes = 0) => new Date(2031, 2, 10, hours, minutes).getTime();

describe('phone number', () => {
  it('blank (or only spaces) is blank: submit stays disabled', () => {
    expect(checkPhone('')).toBe('blank');
    expect(checkPhone('   ')).toBe('blank');
  });

  it.each(['0501234567', '+972501234567', '050-123-4567', '+972 50 123 4567', '123456789', '+123456789012345'])(
    'accepts %s',
    (phone) => expect(checkPhone(phone)).toBe('valid'),
  );

  it.each([
    ['too few digits', '12345678'],
    ['too many digits', '1234567890123456'],
    ['letters', '050-CALL-NOW'],
    ['a + inside', '050+1234567'],
    ['brackets', '(050) 123 4567'],
  ])('refuses %s: %s', (_, phone) => expect(checkPhone(phone)).toBe('invalid'));

  it('is sent as digits with the leading + only', () => {
    expect(normalisePhone(' +972 50-123 4567 ')).toBe('+972501234567');
    expect(normalisePhone('050-123-4567')).toBe('0501234567');
  });
});

describe('rental period', () => {
  it('takes times of day as HH:MM', () => {
    expect(isTimeOfDay('09:05')).toBe(true);
    expect(isTimeOfDay('23:59')).toBe(true);
    expect(isTimeOfDay('24:00')).toBe(false);
    expect(isTimeOfDay('9:05')).toBe(false);
    expect(isTimeOfDay('')).toBe(false);
  });

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

describe('rental price (spec §9: 5 an hour, 60 a day, in NIS)', () => {
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

describe('payment link', () => {
  it('only http and https addresses become a QR code', () => {
    expect(isWebAddress('https://pay.example/genPaymentIntend?machine_id=15')).toBe(true);
    expect(isWebAddress('http://localhost:4173/genPaymentIntend')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('data:text/html,hi')).toBe(false);
    expect(isWebAddress('/genPaymentIntend')).toBe(false);
    expect(isWebAddress('')).toBe(false);
  });
});
