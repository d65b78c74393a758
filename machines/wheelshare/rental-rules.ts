/**
 * The wheelshare station's rules (requirements.md §2, §5, §9): the rental period and its price. The station's
 * estimate and the sandbox's charge both come from here, so they agree. The visitor's phone number is
 * read with machines/shared/phone.ts, the times of day with machines/shared/time-of-day.ts.
 */
import { clockTime, MINUTES_PER_DAY, MINUTES_PER_HOUR, minutesBetween, minutesOf } from '../shared/time-of-day';

export const RENTAL_OPTIONS = ['hourly', 'daily'] as const;
export type RentalOption = (typeof RENTAL_OPTIONS)[number];

/** requirements.md §9: 5 per hour, 60 per day, in NIS. */
export const RENTAL_RATES: Readonly<Record<RentalOption, number>> = { hourly: 5, daily: 60 };
export const RENTAL_CURRENCY_SYMBOL = '₪';

const MINUTES_PER_UNIT: Readonly<Record<RentalOption, number>> = { hourly: MINUTES_PER_HOUR, daily: MINUTES_PER_DAY };
const MS_PER_MINUTE = 60_000;

// ---------------------------------------------------------------------------------------------
// Rental period: times of day ("HH:MM"), an end earlier than the start on the next day (requirements.md §5).

/** The rental's start and end as instants: the start on the day of `today`, the end after it. */
export function rentalPeriod(today: number, start: string, end: string): { start: Date; end: Date } {
  const startsAt = new Date(today);
  startsAt.setHours(0, minutesOf(start) ?? 0, 0, 0);
  return { start: startsAt, end: new Date(startsAt.getTime() + minutesBetween(start, end) * MS_PER_MINUTE) };
}

/** The form's defaults: from now to an hour from now. */
export function defaultTimes(now: number): { startTime: string; endTime: string } {
  return {
    startTime: clockTime(new Date(now)),
    endTime: clockTime(new Date(now + MINUTES_PER_HOUR * MS_PER_MINUTE)),
  };
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
