import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { Spinner } from '../../components/Spinner';
import { SupportCallButton } from '../../components/SupportCallButton';
import type { PurchaseRef } from '../purchase/purchase-ref';

/**
 * A payment whose end the page did not see: the operator is asked. While a provider still processes it,
 * the visitor is told it is being confirmed (and not to pay again); without an answer in time, they may
 * ask again or call support.
 */
export function ReturnedPaymentStep({ purchase, supportPhone }: { purchase: PurchaseRef; supportPhone: string }) {
  const { t } = useTranslation();
  const stage = useSelector(purchase, (snapshot) =>
    snapshot.matches({ CheckingReturnedPayment: 'Unconfirmed' })
      ? 'unconfirmed'
      : snapshot.matches({ CheckingReturnedPayment: { Polling: 'Waiting' } })
        ? 'pending'
        : 'checking',
  );
  return (
    <section className="payment-step">
      <FocusHeading>{t('payment.status.title')}</FocusHeading>
      {stage === 'checking' ? (
        <Spinner label={t('payment.status.checking')} showLabel />
      ) : (
        <>
          <p role="status">{t(stage === 'pending' ? 'payment.status.pending' : 'payment.status.unconfirmed')}</p>
          <div className="button-row">
            <SupportCallButton phone={supportPhone} label={t('failure.support')} />
            {stage === 'unconfirmed' && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => purchase.send({ type: 'payment.recheck' })}
              >
                {t('payment.status.checkAgain')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
