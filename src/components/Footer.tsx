import { useTranslation } from 'react-i18next';
import type { PaymentMark } from '../../machines/menu/payment-marks';
import { PaymentMarkImage } from './PaymentMarkImage';

interface FooterProps {
  /** The marks of the payments this machine accepts (acceptedMarks); a page with no machine shows none. */
  marks?: readonly PaymentMark[] | undefined;
}

export function Footer({ marks = [] }: FooterProps) {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      {marks.length > 0 && (
        <ul className="footer__brands" aria-label={t('footer.acceptedPayments')}>
          {marks.map((mark) => (
            <li key={mark}>
              <PaymentMarkImage mark={mark} />
            </li>
          ))}
        </ul>
      )}
      <nav className="footer__links">
        <a href="/refund-and-cancellation">{t('footer.refund')}</a>
        <a href="/accessibility">{t('footer.accessibility')}</a>
        <a href="/contact">{t('footer.contact')}</a>
      </nav>
    </footer>
  );
}
