/** A loading wheel announced as a status; the label shows beside it when `showLabel` is set. */
export function Spinner({ label, showLabel = false }: { label: string; showLabel?: boolean }) {
  return (
    <div className="spinner" role="status" aria-label={label}>
      <span className="spinner__wheel" aria-hidden="true" />
      {showLabel && <span className="spinner__label">{label}</span>}
    </div>
  );
}
