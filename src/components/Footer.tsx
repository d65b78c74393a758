import { useTranslation } from 'react-i18next';

const PAYMENT_BRANDS = ['Visa', 'Mastercard', 'Amex', 'Google Pay', 'Apple Pay', 'Bit'] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <ul className="footer__brands" aria-label={t('footer.acceptedPayments')}>
        {PAYMENT_BRANDS.map((brand) => (
          <li key={brand} className="brand-badge">
            {brand}
          </li>
        ))}
      </ul>
      <nav className="footer__links">
        <a href="/refund-and-cancellation">{t('footer.refund')}</a>
        <a href="/accessibility">{t('footer.accessibility')}</a>
        <a href="/contact">{t('footer.contact')}</a>
      </nav>
    </footer>
  );
}
