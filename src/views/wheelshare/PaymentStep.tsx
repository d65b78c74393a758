import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectPaymentUrl, selectReconnecting } from '../../../machines/wheelshare/wheelshare.selectors';
import { FocusHeading } from '../../components/FocusHeading';
import { Spinner } from '../../components/Spinner';
import { QrCode } from './QrCode';
import type { StationRef } from './station-ref';

/** The QR code the visitor pays with on their phone; the station waits for the card meanwhile. */
export function PaymentStep({ station }: { station: StationRef }) {
  const { t } = useTranslation('wheelshare');
  const paymentUrl = useSelector(station, selectPaymentUrl);
  const reconnecting = useSelector(station, selectReconnecting);
  return (
    <section className="station-pay">
      <FocusHeading>{t('pay.heading')}</FocusHeading>
      <p>{t('pay.text')}</p>
      {paymentUrl && (
        <>
          <QrCode value={paymentUrl} label={t('pay.qrLabel')} />
          {/* Not the address itself: it carries the visitor's phone number, on a screen others see, and with its
              signature it is too long to type. */}
          <p className="station-pay__link">{t('pay.link')}</p>
        </>
      )}
      <Spinner label={t(reconnecting ? 'pay.reconnecting' : 'pay.waiting')} inline />
      <div className="button-row">
        <button type="button" className="button" onClick={() => station.send({ type: 'rental.cancel' })}>
          {t('pay.cancel')}
        </button>
      </div>
    </section>
  );
}
