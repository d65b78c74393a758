import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import { TransactionNumber } from '../../components/TransactionNumber';
import {
  selectChargeState,
  selectDeclineWords,
  selectOperatorRefusal,
} from '../../../machines/purchase/purchase.selectors';
import type { PurchaseRef } from '../purchase/purchase-ref';
import { CallOrRetry } from './CallOrRetry';

/**
 * requirements.md §2 failure page: title, transaction number, image, what went wrong, what to do, support and retry.
 */
export function FailurePage({ purchase, supportPhone }: { purchase: PurchaseRef; supportPhone: string }) {
  const { t } = useTranslation();
  const result = useSelector(purchase, (snapshot) => snapshot.context.result);
  const charge = useSelector(purchase, selectChargeState);
  const decline = useSelector(purchase, selectDeclineWords, sameDecline);
  const refusal = useSelector(purchase, selectOperatorRefusal);
  if (result?.outcome !== 'failed') return null;
  const reference = decline ? decline.reference : result.code === undefined ? undefined : String(result.code);
  return (
    <section className="outcome outcome--failure">
      <svg className="outcome__image" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#fde8e7" stroke="#b3261e" strokeWidth="3" />
        <path d="M22 22l20 20M42 22L22 42" stroke="#b3261e" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <FocusHeading className="outcome__title">{t('failure.title')}</FocusHeading>
      {/* Whether money moved comes first, under the title, in plain words (GOV.UK Pay's rule): on a 320 × 568
          phone it is in view above the sheet's buttons. The spec's own texts and the code follow. */}
      {charge && (
        <p className="outcome__charge" data-testid="charge-state">
          {t(charge === 'notCharged' ? 'failure.notCharged' : 'failure.chargeUnknown')}
        </p>
      )}
      {/* What went wrong, in the visitor's words (never a provider's code or the operator's English), then what to
          do next; the spec's comment and the code come after them, as body text. */}
      <p className="outcome__cause">
        {decline ? t(`failure.reasons.${decline.words}`) : t(`payment.errors.${result.reason ?? 'paymentFailed'}`)}
      </p>
      {/* The operator's own refusal (the purchase already paid, a payment under way) says what no code can. */}
      {refusal && (
        <p className="outcome__detail">
          <bdi>{refusal}</bdi>
        </p>
      )}
      <p className="outcome__next">{t('failure.recommendation')}</p>
      {result.transactionId && <TransactionNumber text="failure.transaction" id={result.transactionId} />}
      <p className="outcome__comment">{t('failure.comment')}</p>
      {/* The code is only quoted, small, for support to look the payment up by. */}
      {reference !== undefined && <p className="outcome__reference">{t('failure.code', { code: reference })}</p>}
      <p>{t('failure.callSupport')}</p>
      <CallOrRetry purchase={purchase} supportPhone={supportPhone} />
    </section>
  );
}

/** The words are a new object on every snapshot: compare what the page shows. */
const sameDecline = (a: ReturnType<typeof selectDeclineWords>, b: ReturnType<typeof selectDeclineWords>) =>
  a?.words === b?.words && a?.reference === b?.reference;
