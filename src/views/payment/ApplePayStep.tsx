import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { Spinner } from '../../components/Spinner';
import { PayButton } from './PayButton';
import type { ApplePayRef } from './payment-refs';

export function ApplePayStep({ applePay }: { applePay: ApplePayRef }) {
  const { t } = useTranslation();
  const loading = useSelector(applePay, (snapshot) => snapshot.hasTag('loading'));
  const processing = useSelector(applePay, (snapshot) => snapshot.hasTag('processing'));
  return (
    <section className="payment-step">
      <FocusHeading>{t('methods.names.apple_pay')}</FocusHeading>
      {loading ? (
        <Spinner label={t('payment.applePay.loading')} showLabel />
      ) : (
        <>
          <p role="status">{processing ? t('payment.applePay.inProgress') : t('payment.applePay.instructions')}</p>
          <PayButton
            busy={processing}
            className="button--apple-pay"
            onPay={() => applePay.send({ type: 'payment.start' })}
          >
            {t('payment.applePay.button')}
          </PayButton>
        </>
      )}
    </section>
  );
}
