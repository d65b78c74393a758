import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';

/** The browser is leaving for Bit. */
export function BitStep() {
  const { t } = useTranslation();
  return <Spinner label={t('payment.bit.redirecting')} showLabel />;
}
