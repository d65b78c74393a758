import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { Spinner } from '../../components/Spinner';
import type { MethodRef } from '../method-ref';
import { WalletStatus } from '../../views/payment/WalletStatus';

/** Apple's button takes only ApplePayButtonLocale values ("ll-CC"): one for each page language. */
const APPLE_PAY_BUTTON_LOCALES: Record<string, string | undefined> = {
  en: 'en-US',
  he: 'he-IL',
  fr: 'fr-FR',
  es: 'es-ES',
};

export function ApplePayStep({ applePay }: { applePay: MethodRef<'applePay'> }) {
  const { t, i18n } = useTranslation();
  const loading = useSelector(applePay, (snapshot) => snapshot.hasTag('loading'));
  const processing = useSelector(applePay, (snapshot) => snapshot.hasTag('processing'));
  return (
    <section className="payment-step">
      <FocusHeading>{t('methods.names.apple_pay')}</FocusHeading>
      {loading ? (
        <Spinner label={t('payment.applePay.loading')} showLabel />
      ) : (
        <>
          <WalletStatus
            busy={processing}
            idleText={t('payment.applePay.instructions')}
            busyText={t('payment.applePay.inProgress')}
          />
          <div className="wallet-button" aria-busy={processing}>
            {/* Apple's JS SDK draws it (loaded while preparing); the click creates the session synchronously. */}
            <apple-pay-button
              buttonstyle="black"
              type="pay"
              locale={APPLE_PAY_BUTTON_LOCALES[i18n.language] ?? 'en-US'}
              onClick={() => applePay.send({ type: 'payment.start' })}
            />
          </div>
        </>
      )}
    </section>
  );
}
