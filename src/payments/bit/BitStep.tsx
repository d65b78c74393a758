import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { Spinner } from '../../components/Spinner';

/** The browser is leaving for Bit. */
export function BitStep() {
  const { t } = useTranslation();
  return (
    <section className="payment-step">
      <FocusHeading>{t('methods.names.bit')}</FocusHeading>
      <Spinner label={t('payment.bit.redirecting')} showLabel />
    </section>
  );
}
