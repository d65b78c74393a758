import { describe, expect, it } from 'vitest';
import {
  clockTime,
  endsNextDay,
  hoursAndMinutes,
  isTimeOfDay,
  minutesBetween,
  minutesOf,
} from '../../machines/shared/time-of-day';

describe('time of day', () => {
  it('reads a time input value as minutes since midnight', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('09:05')).toBe(545);
    expect(minutesOf('23:59')).toBe(1439);
  });

  it.each(['', '24:00', '9:05', '12:60', '12:5', 'noon', '12:00:30'])('is not a time: %j', (text) => {
    expect(minutesOf(text)).toBeUndefined();
  });

  it('tells a time of day (HH:MM) from anything else', () => {
    expect(isTimeOfDay('09:05')).toBe(true);
    expect(isTimeOfDay('23:59')).toBe(true);
    expect(isTimeOfDay('24:00')).toBe(false);
    expect(isTimeOfDay('9:05')).toBe(false);
    expect(isTimeOfDay('')).toBe(false);
  });

  it('writes a date as the time input shows it, in local time', () => {
    expect(clockTime(new Date(2031, 2, 10, 9, 5))).toBe('09:05');
    expect(clockTime(new Date(2031, 2, 10, 23, 59, 59))).toBe('23:59');
    expect(clockTime(new Date(2031, 2, 10, 0, 0))).toBe('00:00');
  });
});

describe('minutes between a start and an end (requirements.md §5)', () => {
  it('counts forward on the same day', () => {
    expect(minutesBetween('10:00', '11:30')).toBe(90);
    expect(minutesBetween('00:00', '23:59')).toBe(1439);
  });

  it('an end earlier than the start is the next day', () => {
    expect(minutesBetween('23:00', '01:00')).toBe(120);
    expect(minutesBetween('10:00', '09:59')).toBe(1439);
    expect(endsNextDay('23:00', '01:00')).toBe(true);
    expect(endsNextDay('10:00', '11:30')).toBe(false);
  });

  it('equal times are no span at all (not a whole day)', () => {
    expect(minutesBetween('10:00', '10:00')).toBe(0);
    expect(endsNextDay('10:00', '10:00')).toBe(false);
  });

  it('a missing time is no span', () => {
    expect(minutesBetween('', '11:00')).toBe(0);
    expect(minutesBetween('10:00', '')).toBe(0);
    expect(endsNextDay('', '09:00')).toBe(false);
  });

  it('splits a span into hours and minutes', () => {
    expect(hoursAndMinutes(90)).toEqual({ hours: 1, minutes: 30 });
    expect(hoursAndMinutes(120)).toEqual({ hours: 2, minutes: 0 });
    expect(hoursAndMinutes(20)).toEqual({ hours: 0, minutes: 20 });
    expect(hoursAndMinutes(0)).toEqual({ hours: 0, minutes: 0 });
  });
});
