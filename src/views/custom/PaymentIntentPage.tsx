import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectCanRetry, selectIntentStage } from '../../../machines/custom-payment/payment-intent.selectors';
import { providePaymentIntent } from '../../actors/payment-intent';
import { apiClient } from '../../api/default-client';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { DEFAULT_SUPPORT_PHONE } from '../../config';
import { MachineMessage } from '../../components/MachineMessage';
import { inspect } from '../../inspect';

const paymentIntentLogic = providePaymentIntent(apiClient);

interface PaymentIntentPageProps {
  /** The page's query string (without '?'), passed on to the operator unchanged. */
  query: string;
  /** The machine with its effects; tests pass one wired to the in-process sandbox. */
  logic?: typeof paymentIntentLogic;
}

/** requirements.md §2 /genPaymentIntend: fetches the payment page for the query and sends the browser there. */
export function PaymentIntentPage({ query, logic = paymentIntentLogic }: PaymentIntentPageProps) {
  const { t, ready } = useTranslation('custom');
  const { t: tApp } = useTranslation();
  const intent = useActorRef(logic, { input: { query }, inspect });
  const stage = useSelector(intent, selectIntentStage);
  const canRetry = useSelector(intent, selectCanRetry);
  const message = {
    busy: undefined,
    refused: tApp('payment.errors.internal'),
    rejected: t('intent.rejected'),
    expired: tApp('purchase.linkExpired'),
    alreadyPaid: tApp('purchase.linkAlreadyPaid'),
    failed: tApp('machine.unavailable'),
  }[stage];

  return (
    <PageFrame ready={ready}>
      <h1 className="section-title">{t('intent.title')}</h1>
      {message === undefined ? (
        <Spinner label={t('intent.preparing')} showLabel />
      ) : (
        <MachineMessage
          message={message}
          supportPhone={DEFAULT_SUPPORT_PHONE}
          onRetry={canRetry ? () => intent.send({ type: 'intent.retry' }) : undefined}
        />
      )}
    </PageFrame>
  );
}
