import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { minutesOf } from '../../machines/shared/time-of-day';

interface TimeFieldProps {
  label: string;
  /** "HH:MM", or empty while cleared. */
  value: string;
  onChange: (time: string) => void;
  /** The id of a hint that says more about this time. */
  describedBy?: string | undefined;
  required?: boolean;
}

/** Formatters by language: building one costs far more than using it. */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time input's value ("HH:MM") as the page's language writes a time of day ("2:30 PM" en, "14:30" fr);
 * undefined when it is not one. Read in UTC, so no clock change on the day moves it.
 */
export function formatTimeOfDay(time: string, language: string): string | undefined {
  const minutes = minutesOf(time);
  if (minutes === undefined) return undefined;
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    timeFormats.set(language, format);
  }
  return format.format(Date.UTC(2000, 0, 1, 0, minutes));
}

/**
 * A labelled time picker ("HH:MM"), the phone's own: /vacuum's and /wheelshare's start and end times, side by side
 * in a `.time-fields` row that stacks them where two do not fit (styles/payment.css). The picker draws the time in
 * the phone's own format, whatever the page's language; the chosen time is also written under it in the page's.
 */
export function TimeField({ label, value, onChange, describedBy, required }: TimeFieldProps) {
  const id = useId();
  const { i18n } = useTranslation();
  const chosen = formatTimeOfDay(value, i18n.language);
  return (
    <div className="time-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="time"
        // A time reads hours then minutes in Hebrew too: inheriting rtl, WebKit showed 01:11 as 11:01.
        dir="ltr"
        className="text-input time-field__input"
        required={required}
        value={value}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {/* The input already says its value to a screen reader: this line is for the eye. */}
      <span className="time-field__chosen" aria-hidden="true" data-testid="time-chosen">
        {chosen && <bdi>{chosen}</bdi>}
      </span>
    </div>
  );
}
