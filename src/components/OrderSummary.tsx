import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSummary as Summary } from '../../machines/purchase/purchase.selectors';
import { Money } from './Money';

/** Who is paid: the merchant, or the machine when the operator names no merchant. */
export function usePayee(summary: Pick<Summary, 'merchant' | 'machineId'>): string {
  const { t } = useTranslation();
  return summary.merchant ?? t('summary.machine', { id: summary.machineId });
}

/**
 * Who is paid, for what and how much, on one line that every payment step shows (long names end in an
 * ellipsis so the step still fits a small phone), and the secure-payment line under it. `withTotal` false
 * leaves the amount to a total line of the step's own, so that it is said once.
 */
export function OrderSummary({ summary, withTotal = true }: { summary: Summary; withTotal?: boolean }) {
  const { t } = useTranslation();
  const payee = usePayee(summary);
  return (
    <section className="order-summary" aria-label={t('summary.label')} data-testid="order-summary">
      <p className="order-summary__line">
        {/* The line keeps the page's direction (and its ellipsis the page's end); each name keeps its own. */}
        <span className="order-summary__names">
          <bdi>{payee}</bdi>
          {summary.items.map((item, index) => (
            <Fragment key={`${item}-${String(index)}`}>
              {index === 0 ? ' · ' : ', '}
              <bdi>{item}</bdi>
            </Fragment>
          ))}
        </span>
        {withTotal && (
          <span className="order-summary__total">
            <Money amount={summary.total} symbol={summary.symbol} />
          </span>
        )}
      </p>
      <p className="order-summary__secure">
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
          <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
          <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        {t('summary.secure')}
      </p>
    </section>
  );
}
