import type { PaymentMark } from '../../machines/menu/payment-marks';
import marks from 'virtual:payment-marks';

/**
 * Each mark's view in the marks' joined file (its file's name in src/assets/marks/) and its name: a brand's
 * name is never translated (src/assets/marks/README.md).
 */
const MARKS: Record<PaymentMark, { view: string; name: string }> = {
  apple_pay: { view: 'apple-pay', name: 'Apple Pay' },
  google_pay: { view: 'google-pay', name: 'Google Pay' },
  bit: { view: 'bit', name: 'Bit' },
  VISA: { view: 'visa', name: 'Visa' },
  MASTERCARD: { view: 'mastercard', name: 'Mastercard' },
  AMEX: { view: 'amex', name: 'American Express' },
  DISCOVER: { view: 'discover', name: 'Discover' },
};

/**
 * A payment's mark, in the same 38×24 box as its neighbours (each SVG, the brand's artwork, fits it at its own
 * proportions: src/assets/marks/README.md). All marks are views of one file (scripts/payment-marks-plugin.ts),
 * so the page builds one SVG document for them, not one per mark. Lazy: the file is fetched when the footer
 * nears the screen, never ahead of the product list.
 */
export function PaymentMarkImage({ mark }: { mark: PaymentMark }) {
  const { view, name } = MARKS[mark];
  return (
    <img
      className="payment-mark"
      src={`${marks}#${view}`}
      alt={name}
      width={38}
      height={24}
      loading="lazy"
      decoding="async"
    />
  );
}
