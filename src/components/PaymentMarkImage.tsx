import type { PaymentMark } from '../../machines/menu/payment-marks';
import amex from '../assets/marks/amex.svg';
import applePay from '../assets/marks/apple-pay.svg';
import bit from '../assets/marks/bit.svg';
import discover from '../assets/marks/discover.svg';
import googlePay from '../assets/marks/google-pay.svg';
import mastercard from '../assets/marks/mastercard.svg';
import visa from '../assets/marks/visa.svg';

/** Each mark's file and its name: a brand's name is never translated (src/assets/marks/README.md). */
const MARKS: Record<PaymentMark, { src: string; name: string }> = {
  apple_pay: { src: applePay, name: 'Apple Pay' },
  google_pay: { src: googlePay, name: 'Google Pay' },
  bit: { src: bit, name: 'Bit' },
  VISA: { src: visa, name: 'Visa' },
  MASTERCARD: { src: mastercard, name: 'Mastercard' },
  AMEX: { src: amex, name: 'American Express' },
  DISCOVER: { src: discover, name: 'Discover' },
};

/**
 * A payment's mark, in the same 38×24 box as its neighbours (each SVG, the brand's artwork, fits it at its own
 * proportions: src/assets/marks/README.md). Lazy: the footer's marks are fetched when the footer nears the
 * screen, never ahead of the product list.
 */
export function PaymentMarkImage({ mark }: { mark: PaymentMark }) {
  const { src, name } = MARKS[mark];
  return <img className="payment-mark" src={src} alt={name} width={38} height={24} loading="lazy" decoding="async" />;
}
