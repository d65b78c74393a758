import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { Spinner } from '../../components/Spinner';
import { SupportCallButton } from '../../components/SupportCallButton';
import type { PurchaseRef } from '../purchase/purchase-ref';

/** Back from Bit: the operator is asked for the verdict; without one, the visitor may ask again or call support. */
export function ReturnedPaymentStep({ purchase, supportPhone }: { purchase: PurchaseRef; supportPhone: string }) {
  const { t } = useTranslation();
  const unconfirmed = useSelector(purchase, (snapshot) => snapshot.matches({ CheckingReturnedPayment: 'Unconfirmed' }));
  return (
    <section className="payment-step">
      <FocusHeading>{t('methods.names.bit')}</FocusHeading>
      {unconfirmed ? (
        <>
          <p role="status">{t('payment.bit.unconfirmed')}</p>
          <div className="button-row">
            <SupportCallButton phone={supportPhone} label={t('failure.support')} />
            <button
              type="button"
              className="button button--primary"
              onClick={() => purchase.send({ type: 'payment.recheck' })}
            >
              {t('payment.bit.checkAgain')}
            </button>
          </div>
        </>
      ) : (
        <Spinner label={t('payment.bit.checking')} showLabel />
      )}
    </section>
  );
}
