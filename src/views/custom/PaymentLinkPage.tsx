import { useTranslation } from 'react-i18next';
import {
  checkPaymentLink,
  MAX_INFO_LENGTH,
  orderSourceOf,
  type PaymentLinkIssue,
  type PaymentLinkProblem,
  type PaymentLinkQuery,
} from '../../../machines/custom-payment/payment-link';
import type { ReturnedPayment } from '../../../machines/purchase/purchase.types';
import { MAX_AMOUNT_DECIMALS, MAX_AMOUNT_DIGITS } from '../../../machines/shared/amount';
import { providePayPage } from '../../actors/pay-page';
import { apiClient } from '../../api/default-client';
import { PageFrame } from '../../components/PageFrame';
import { nextTask } from '../../lib/next-task';
import { PayPage } from '../pay/PayPage';

// A payment link opens without the splash: it may be shown inside another site's frame.
const paymentLinkLogic = providePayPage(apiClient, { withSplash: false });
// As on /pay: the page's first render, which the router starts once this module is evaluated, in a task of its own.
await nextTask();

/** The limit a problem's text names. */
const LIMITS: Partial<Record<PaymentLinkProblem, number>> = {
  tooManyDecimals: MAX_AMOUNT_DECIMALS,
  tooManyDigits: MAX_AMOUNT_DIGITS,
  tooLong: MAX_INFO_LENGTH,
};

/** A link that cannot be used: what is wrong with each value, and nothing to pay. */
function PaymentLinkProblems({ issues }: { issues: readonly PaymentLinkIssue[] }) {
  const { t, ready } = useTranslation('custom');
  return (
    <PageFrame ready={ready} footer>
      <section className="machine-message payment-link__problems" role="alert">
        <h1 className="machine-message__text">{t('link.invalid.title')}</h1>
        <p>{t('link.invalid.text')}</p>
        <ul aria-label={t('link.invalid.listLabel')}>
          {issues.map(({ field, problem }) => (
            <li key={field}>
              <strong>{t(`link.fields.${field}`)}</strong> <code dir="ltr">({field})</code>:{' '}
              {t(`link.problems.${problem}`, { max: LIMITS[problem] })}
            </li>
          ))}
        </ul>
      </section>
    </PageFrame>
  );
}

interface PaymentLinkPageProps {
  query: PaymentLinkQuery;
  /** The visitor uuid /genPaymentIntend stored for this very link, if any. */
  paymentIntent: string | undefined;
  /** The page's query as the merchant signed it (its `signature` included), booked when there is no intent. */
  signedQuery: string;
  /** A payment of this link that came back from Bit: its verdict is asked of the operator. */
  returnedPayment?: ReturnedPayment | undefined;
  /** The machines with their effects; tests pass ones wired to the in-process sandbox. */
  logic?: typeof paymentLinkLogic;
}

/**
 * requirements.md §2 /customPaymentIframe: the link's payment on its machine's page, or why the link cannot be used.
 */
export function PaymentLinkPage({
  query,
  paymentIntent,
  signedQuery,
  returnedPayment,
  logic = paymentLinkLogic,
}: PaymentLinkPageProps) {
  const check = checkPaymentLink(query);
  if (!check.ok) return <PaymentLinkProblems issues={check.issues} />;
  return (
    <PayPage
      machineId={check.link.machineId}
      proof={{ paymentLink: signedQuery }}
      machineClosed={false}
      orderSource={orderSourceOf(check.link, paymentIntent, signedQuery)}
      returnedPayment={returnedPayment}
      logic={logic}
    />
  );
}
