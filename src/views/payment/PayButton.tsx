import type { ReactNode } from 'react';

interface PayButtonProps {
  busy: boolean;
  onPay: () => void;
  children: ReactNode;
}

/**
 * The one button that starts a payment. While the payment is in flight it stays in place,
 * announced as busy, and a second tap does nothing (the machine ignores it too).
 */
export function PayButton({ busy, onPay, children }: PayButtonProps) {
  return (
    <button
      type="button"
      className="button button--primary button--block"
      aria-disabled={busy}
      aria-busy={busy}
      onClick={onPay}
    >
      {/* A new label, not an edited one: centred text that changes length moves, a layout shift. */}
      <span key={busy ? 'busy' : 'ready'}>{children}</span>
    </button>
  );
}
