import type { ReactNode } from 'react';
import { ButtonLabel } from '../../components/ButtonLabel';

interface PayButtonProps {
  busy: boolean;
  onPay: () => void;
  children: ReactNode;
}

/**
 * The one button that starts a payment. While the payment is in flight it stays in place, in its
 * colour, with a turning wheel, announced as busy, and a second tap does nothing (the machine ignores it too).
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
      <ButtonLabel busy={busy}>{children}</ButtonLabel>
    </button>
  );
}
