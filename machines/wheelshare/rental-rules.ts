/**
 * The wheelshare station's rules (spec §2, §5, §9): the visitor's phone number, the rental period
 * and its price. The station's estimate and the sandbox's charge both come from here, so they agree.
 */
import { clockTime, minutesBetween, minutesOf } from '../vacuum/hourly';

export const RENTAL_OPTIONS = ['hourly', 'daily'] as const;
export type RentalOption = (typeof RENTAL_OPTIONS)[number];

/** Spec §9: 5 per hour, 60 per day, in NIS. */
export const RENTAL_RATES: Readonly<Record<RentalOption, number>> = { hourly: 5, daily: 60 };
export const RENTAL_CURRENCY_SYMBOL = '₪';

const MINUTES_PER_UNIT: Readonly<Record<RentalOption, number>> = { hourly: 60, daily: 24 * 60 };

// ---------------------------------------------------------------------------------------------
// Phone number

/** Digits with an optional leading +; spaces and dashes may group them. */
const PHONE_SHAPE = /^\+?[\d\s-]+$/;
const MIN_PHONE_DIGITS = 9;
const MAX_PHONE_DIGITS = 15;

/** blank: nothing typed yet (submit stays disabled, spec §5); invalid: not a plausible phone number. */
export type PhoneCheck = 'blank' | 'invalid' | 'valid';

export function checkPhone(phone: string): PhoneCheck {
  const typed = phone.trim();
  if (typed === '') return 'blank';
  if (!PHONE_SHAPE.test(typed)) return 'invalid';
  const digits = typed.replace(/\D/g, '').length;
  return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS ? 'valid' : 'invalid';
}

/** The number as the station sends it and the operator keys rentals by: digits and a leading + only. */
export function normalisePhone(phone: string): string {
  return phone.trim().replace(/[\s-]/g, '');
}

// ---------------------------------------------------------------------------------------------
// Rental period: times of day ("HH:MM") read with the hourly flow's rules (spec §5: an end earlier
// than the start is on the next day).

export const isTimeOfDay = (value: string) => minutesOf(value) !== undefined;

/** The rental's start and end as instants: the start on the day of `today`, the end after it. */
export function rentalPeriod(today: number, start: string, end: string): { start: Date; end: Date } {
  const startsAt = new Date(today);
  startsAt.setHours(0, minutesOf(start) ?? 0, 0, 0);
  return { start: startsAt, end: new Date(startsAt.getTime() + minutesBetween(start, end) * 60_000) };
}

/** The form's defaults: from now to an hour from now. */
export function defaultTimes(now: number): { startTime: string; endTime: string } {
  return { startTime: clockTime(new Date(now)), endTime: clockTime(new Date(now + 60 * 60_000)) };
}

// ---------------------------------------------------------------------------------------------
// Price

export interface RentalPrice {
  /** Hours or days, each started one counted whole, at least one. */
  units: number;
  rate: number;
  amount: number;
}

/** Hourly: ceil(hours) × 5; daily: ceil(days) × 60; at least one unit. */
export function rentalPrice(option: RentalOption, minutes: number): RentalPrice {
  const units = Math.max(1, Math.ceil(minutes / MINUTES_PER_UNIT[option]));
  const rate = RENTAL_RATES[option];
  return { units, rate, amount: units * rate };
}

// ---------------------------------------------------------------------------------------------
// Payment link

/** The payment link becomes a QR code only when it is a web address (DESIGN.md §10). */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
