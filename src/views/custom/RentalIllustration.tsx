/** The payment link's picture: a wheelchair beside a payment card, drawn here so the page needs no image request. */
export function RentalIllustration() {
  return (
    <svg className="payment-link__image" viewBox="0 0 160 120" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="152" height="112" rx="16" fill="var(--canvas)" />
      <g fill="none" stroke="var(--brand)" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="58" cy="78" r="24" />
        <path d="M44 30v34h30l10 20h10" />
        <path d="M44 46h22" />
      </g>
      <circle cx="44" cy="22" r="6" fill="var(--brand)" />
      <rect x="98" y="28" width="46" height="32" rx="5" fill="var(--surface)" stroke="var(--brand)" strokeWidth="4" />
      <rect x="98" y="36" width="46" height="6" fill="var(--brand)" />
      <circle cx="134" cy="52" r="3.5" fill="var(--accent)" />
    </svg>
  );
}
