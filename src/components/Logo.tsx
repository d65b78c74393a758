/** The PayPoint mark: colour on light backgrounds, white on the brand colour. */
export function Logo({ variant, className }: { variant: 'colour' | 'white'; className?: string }) {
  const ink = variant === 'white' ? '#ffffff' : '#0b5cab';
  const accent = variant === 'white' ? '#ffffff' : '#f5a623';
  return (
    <svg className={className} viewBox="0 0 160 48" role="img" aria-label="PayPoint" direction="ltr">
      <rect x="2" y="8" width="40" height="30" rx="6" fill="none" stroke={ink} strokeWidth="4" />
      <rect x="2" y="16" width="40" height="6" fill={ink} />
      <circle cx="33" cy="31" r="3.5" fill={accent} />
      <text x="52" y="33" fill={ink} fontFamily="system-ui, sans-serif" fontSize="22" fontWeight="700">
        PayPoint
      </text>
    </svg>
  );
}
