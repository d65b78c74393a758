/**
 * A loading wheel announced as a status, its label shown with it as one group when asked: `showLabel` puts
 * it under the wheel, in the middle of the space a stage keeps for what is coming; `inline` makes the wheel
 * small and the label beside it, a line within a page (a delivery under way, a station waiting for the card).
 */
export function Spinner({
  label,
  showLabel = false,
  inline = false,
}: {
  label: string;
  showLabel?: boolean;
  inline?: boolean;
}) {
  return (
    <div className={inline ? 'spinner spinner--inline' : 'spinner'} role="status" aria-label={label}>
      <span className="spinner__wheel" aria-hidden="true" />
      {(showLabel || inline) && <span className="spinner__label">{label}</span>}
    </div>
  );
}
