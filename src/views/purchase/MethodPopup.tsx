import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { selectExplainedMethod } from '../../../machines/purchase/purchase.selectors';
import { FocusHeading } from '../../components/FocusHeading';
import type { PurchaseRef } from './purchase-ref';

/** The explanation a method gives before it starts, for those that have one (requirements.md §2; methods/registry.ts). */
export function MethodPopup({ purchase }: { purchase: PurchaseRef }) {
  const { t } = useTranslation();
  const textId = useId();
  const method = useSelector(purchase, selectExplainedMethod);
  if (method === undefined) return null;
  return (
    <div
      className="popup"
      role="alertdialog"
      aria-modal="true"
      aria-label={t(`popup.${method}.title`)}
      aria-describedby={textId}
    >
      <div className="popup__card">
        <FocusHeading>{t(`popup.${method}.title`)}</FocusHeading>
        <p id={textId}>{t(`popup.${method}.text`)}</p>
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => purchase.send({ type: 'popup.cancel' })}
          >
            {t('popup.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => purchase.send({ type: 'popup.continue' })}
          >
            {t('popup.continue')}
          </button>
        </div>
      </div>
    </div>
  );
}
