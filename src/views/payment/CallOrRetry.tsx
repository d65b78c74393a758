import { useTranslation } from 'react-i18next';
import { SupportCallButton } from '../../components/SupportCallButton';
import type { PurchaseRef } from '../purchase/purchase-ref';

/**
 * The way forward from a purchase that did not go through (the failure page, the machine that did not answer):
 * a call to support, and "Try again", which books the same choice again; at the foot of the sheet.
 */
export function CallOrRetry({ purchase, supportPhone }: { purchase: PurchaseRef; supportPhone: string }) {
  const { t } = useTranslation();
  return (
    <div className="button-row sticky-action">
      <SupportCallButton phone={supportPhone} label={t('failure.support')} />
      <button
        type="button"
        className="button button--primary"
        onClick={() => purchase.send({ type: 'purchase.retry' })}
      >
        {t('failure.retry')}
      </button>
    </div>
  );
}
