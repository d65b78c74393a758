import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { Spinner } from '../../components/Spinner';
import { PayButton } from './PayButton';
import type { GooglePayRef } from './payment-refs';

export function GooglePayStep({ googlePay }: { googlePay: GooglePayRef }) {
  const { t } = useTranslation();
  const loading = useSelector(googlePay, (snapshot) => snapshot.hasTag('loading'));
  const processing = useSelector(googlePay, (snapshot) => snapshot.hasTag('processing'));
  return (
    <section className="payment-step">
      <FocusHeading>{t('methods.names.google_pay')}</FocusHeading>
      {loading ? (
        <Spinner label={t('payment.googlePay.loading')} showLabel />
      ) : (
        <>
          <p>{t('payment.googlePay.instructions')}</p>
          <PayButton
            busy={processing}
            className="button--google-pay"
            onPay={() => googlePay.send({ type: 'payment.start' })}
          >
            {processing ? t('payment.processing') : t('payment.googlePay.button')}
          </PayButton>
        </>
      )}
    </section>
  );
}
