import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { Spinner } from '../../components/Spinner';
import type { MethodRef } from '../method-ref';
import { ProviderElement } from '../../views/payment/ProviderElement';
import { WalletStatus } from '../../views/payment/WalletStatus';

export function GooglePayStep({ googlePay }: { googlePay: MethodRef<'googlePay'> }) {
  const { t, i18n } = useTranslation();
  const loading = useSelector(googlePay, (snapshot) => snapshot.hasTag('loading'));
  const processing = useSelector(googlePay, (snapshot) => snapshot.hasTag('processing'));
  // Google's own button; its click sends payment.start at once, so the sheet opens inside the tap.
  // The module is loaded already (the chart is past LoadingSdk): the import only hands it over.
  const createButton = useCallback(
    async () =>
      (await import('./google-pay')).createGooglePayButton(
        () => googlePay.send({ type: 'payment.start' }),
        i18n.language,
      ),
    [googlePay, i18n.language],
  );
  return (
    <section className="payment-step">
      <FocusHeading>{t('methods.names.google_pay')}</FocusHeading>
      {loading ? (
        <Spinner label={t('payment.googlePay.loading')} showLabel />
      ) : (
        <>
          <WalletStatus
            busy={processing}
            idleText={t('payment.googlePay.instructions')}
            busyText={t('payment.processing')}
          />
          <div className="wallet-button" aria-busy={processing}>
            <ProviderElement create={createButton} className="wallet-button__slot" />
          </div>
        </>
      )}
    </section>
  );
}
