import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubmitFailure } from '../../../machines/purchase/purchase.selectors';
import { ButtonLabel } from '../../components/ButtonLabel';
import { SupportCallButton } from '../../components/SupportCallButton';

interface ContinueActionProps {
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** Whether the choice is complete; the button stays focusable but dimmed until then. */
  ready: boolean;
  /** While the purchase is being submitted: busy, with the "please wait" label and a turning wheel. */
  busy: boolean;
  onContinue: () => void;
  /** set_purchase or book_link failed: why, its message and a support call (Continue tries again). */
  failure: SubmitFailure | undefined;
  supportPhone: string;
}

const FAILURE_TEXTS = {
  failed: 'purchase.error',
  linkExpired: 'purchase.linkExpired',
  linkAlreadyPaid: 'purchase.linkAlreadyPaid',
} as const satisfies Record<SubmitFailure, string>;

/**
 * The product page's Continue, held at the bottom of the screen (/pay's product views and /vacuum),
 * under the message of a purchase that could not be submitted.
 */
export function ContinueAction({ buttonRef, ready, busy, onContinue, failure, supportPhone }: ContinueActionProps) {
  const { t } = useTranslation();
  return (
    <>
      {failure && (
        <>
          <p className="field-error" role="alert">
            {t(FAILURE_TEXTS[failure])}
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
          <ButtonLabel busy={busy}>{busy ? t('purchase.submitting') : t('purchase.continue')}</ButtonLabel>
        </button>
      </div>
    </>
  );
}
