import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportCallButton } from '../../components/SupportCallButton';

interface ContinueActionProps {
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** Whether the choice is complete; the button stays focusable but dimmed until then. */
  ready: boolean;
  /** While the purchase is being submitted: announced as busy, with the "please wait" label. */
  busy: boolean;
  onContinue: () => void;
  /** set_purchase failed: the message, and the support call it asks for (Continue tries again). */
  failed: boolean;
  supportPhone: string;
}

/**
 * The product page's Continue, held at the bottom of the screen (/pay's product views and /vacuum),
 * under the message of a purchase that could not be submitted.
 */
export function ContinueAction({ buttonRef, ready, busy, onContinue, failed, supportPhone }: ContinueActionProps) {
  const { t } = useTranslation();
  return (
    <>
      {failed && (
        <>
          <p className="field-error" role="alert">
            {t('purchase.error')}
          </p>
          <SupportCallButton phone={supportPhone} />
        </>
      )}
      <div className="sticky-action">
        <button
          ref={buttonRef}
          type="button"
          className={`button button--primary button--block${ready ? '' : ' button--dimmed'}`}
          aria-disabled={!ready || busy}
          aria-busy={busy}
          onClick={onContinue}
        >
          {busy ? t('purchase.submitting') : t('purchase.continue')}
        </button>
      </div>
    </>
  );
}
