/**
 * Times of day as a time input gives them ("HH:MM", 24-hour), read with requirements.md §5's rule that an end
 * earlier than the start is on the next day. The vacuum's hours and the wheelshare rental both use them.
 */

export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/** A time input's value ("HH:MM", 24-hour) as minutes since midnight; undefined when it is not one. */
export function minutesOf(time: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * MINUTES_PER_HOUR + Number(match[2]) : undefined;
}

export const isTimeOfDay = (time: string) => minutesOf(time) !== undefined;

/** The clock time of a date as a time input shows it ("HH:MM"). */
export function clockTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Minutes from start to end (requirements.md §5: an end earlier than the start is the next day).
 * 0 when the times are equal or either is not a time.
 */
export function minutesBetween(start: string, end: string): number {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === undefined || to === undefined) return 0;
  return (to - from + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/** requirements.md §5: an end earlier than the start is on the next day. */
export function endsNextDay(start: string, end: string): boolean {
  const from = minutesOf(start);
  const to = minutesOf(end);
  return from !== undefined && to !== undefined && to < from;
}

/** A span as whole hours and the minutes left over: 90 -> 1 h 30 min. */
export function hoursAndMinutes(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / MINUTES_PER_HOUR), minutes: minutes % MINUTES_PER_HOUR };
}
