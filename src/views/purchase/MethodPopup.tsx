import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FocusHeading } from '../../components/FocusHeading';
import type { PurchaseRef } from './purchase-ref';

/** The explanation shown before card entry, card scan or Bit (requirements.md §2). */
export function MethodPopup({ purchase }: { purchase: PurchaseRef }) {
  const { t } = useTranslation();
  const textId = useId();
  const method = useSelector(purchase, (snapshot) => snapshot.context.method);
  if (method !== 'credit_card' && method !== 'card_scan' && method !== 'bit') return null;
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
