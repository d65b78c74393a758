import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { cardScanUrl } from '../../payments/card-scan/card-scan';
import type { CardScanRef } from './payment-refs';

/** The card-scan step: the scanner's page in a frame; it reports back through postMessage. */
export function CardScanStep({ cardScan }: { cardScan: CardScanRef }) {
  const { t } = useTranslation();
  const order = useSelector(cardScan, (snapshot) => snapshot.context.order);
  return (
    <section className="hosted-page">
      <FocusHeading>{t('payment.cardScan.title')}</FocusHeading>
      <iframe
        className="hosted-page__frame"
        title={t('payment.cardScan.frameTitle')}
        src={cardScanUrl(order)}
        allow="camera"
      />
    </section>
  );
}
