import { useId } from 'react';

interface TimeFieldProps {
  label: string;
  /** "HH:MM", or empty while cleared. */
  value: string;
  onChange: (time: string) => void;
  /** The id of a hint that says more about this time. */
  describedBy?: string | undefined;
  required?: boolean;
}

/**
 * A labelled time picker ("HH:MM"), the phone's own: /vacuum's and /wheelshare's start and end times, side by side
 * in a `.time-fields` row that stacks them where two do not fit (styles/payment.css).
 */
export function TimeField({ label, value, onChange, describedBy, required }: TimeFieldProps) {
  const id = useId();
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
    </div>
  );
}
