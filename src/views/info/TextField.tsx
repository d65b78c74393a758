import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'dir'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  /** Shown under the field and announced; the field is then marked invalid. */
  error?: string | undefined;
}

/** A labelled text input with an optional hint and an error that screen readers hear. */
export function TextField({ label, value, onChange, hint, error, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="info-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="info-field__hint">
          {hint}
        </p>
      )}
      <input
        {...input}
        id={id}
        className="text-input info-field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {/* Always present, so that an error appearing in it is announced. */}
      <p id={errorId} className="field-error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
