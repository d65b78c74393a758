import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import type { MethodRef } from '../method-ref';

/** The card-scan step: the scanner's page the operator opened, in a frame; it reports back through postMessage. */
export function CardScanStep({ cardScan }: { cardScan: MethodRef<'cardScan'> }) {
  const { t } = useTranslation();
  const scanUrl = useSelector(cardScan, (snapshot) => snapshot.context.scanUrl);
  return (
    <section className="hosted-page">
      <FocusHeading>{t('payment.cardScan.title')}</FocusHeading>
      {scanUrl && (
        <iframe className="hosted-page__frame" title={t('payment.cardScan.frameTitle')} src={scanUrl} allow="camera" />
      )}
    </section>
  );
}
