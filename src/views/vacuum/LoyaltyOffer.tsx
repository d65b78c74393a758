import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectContact,
  selectContactError,
  selectJoinFailed,
  selectPromotion,
  type VacuumStage,
} from '../../../machines/vacuum/vacuum.selectors';
import { ButtonLabel } from '../../components/ButtonLabel';
import { FocusHeading } from '../../components/FocusHeading';
import { formatMoney } from '../../components/Money';
import type { VacuumRef } from './vacuum-ref';

type OfferStage = Extract<VacuumStage, 'offered' | 'signingUp' | 'joining' | 'joined'>;

export const isOfferStage = (stage: VacuumStage): stage is OfferStage =>
  stage !== 'choosingProduct' && stage !== 'choosingTime';

const TITLES = {
  offered: 'offer.title',
  signingUp: 'signup.title',
  joining: 'signup.title',
  joined: 'joined.title',
} as const;

/**
 * requirements.md §2: the loyalty popup ('Every tenth vacuuming is on us'), a modal dialog over the grid: the
 * offer, the sign-up with a mobile number or e-mail, and the confirmation. Escape skips the offer.
 * Each step's heading takes focus; the page takes it back once the flow returns to the grid.
 */
export function LoyaltyOffer({ vacuum, stage, symbol }: { vacuum: VacuumRef; stage: OfferStage; symbol: string }) {
  const { t } = useTranslation('vacuum');
  return (
    <div
      className="popup vacuum-offer"
      role="dialog"
      aria-modal="true"
      aria-label={t(TITLES[stage])}
      onKeyDown={(event) => {
        if (event.key === 'Escape') vacuum.send({ type: 'loyalty.skip' });
      }}
    >
      <div className="popup__card">
        {stage === 'offered' && <Offer vacuum={vacuum} symbol={symbol} />}
        {(stage === 'signingUp' || stage === 'joining') && <SignUp vacuum={vacuum} joining={stage === 'joining'} />}
        {stage === 'joined' && <Joined vacuum={vacuum} />}
      </div>
    </div>
  );
}

function SkipButton({ vacuum }: { vacuum: VacuumRef }) {
  const { t } = useTranslation('vacuum');
  return (
    <button type="button" className="button button--secondary" onClick={() => vacuum.send({ type: 'loyalty.skip' })}>
      {t('offer.skip')}
    </button>
  );
}

function Offer({ vacuum, symbol }: { vacuum: VacuumRef; symbol: string }) {
  const { t, i18n } = useTranslation('vacuum');
  const promotion = useSelector(vacuum, selectPromotion);
  return (
    <>
      <FocusHeading>{t('offer.title')}</FocusHeading>
      {promotion && (
        <p>
          {t('offer.text', { count: promotion.count, amount: formatMoney(promotion.amount, symbol, i18n.language) })}
        </p>
      )}
      <div className="button-row">
        <SkipButton vacuum={vacuum} />
        <button type="button" className="button button--primary" onClick={() => vacuum.send({ type: 'loyalty.join' })}>
          {t('offer.join')}
        </button>
      </div>
    </>
  );
}

function SignUp({ vacuum, joining }: { vacuum: VacuumRef; joining: boolean }) {
  const { t } = useTranslation('vacuum');
  const contact = useSelector(vacuum, selectContact);
  const error = useSelector(vacuum, selectContactError);
  const failed = useSelector(vacuum, selectJoinFailed);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  let submitLabel = t('signup.submit');
  if (joining) submitLabel = t('signup.joining');
  else if (failed) submitLabel = t('signup.retry');

  return (
    <form
      className="vacuum-signup"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        vacuum.send({ type: 'signup.submit' });
      }}
    >
      <FocusHeading>{t('signup.title')}</FocusHeading>
      <div className="vacuum-field">
        <label htmlFor={fieldId} className="field-label">
          {t('signup.contact')}
        </label>
        <input
          id={fieldId}
          type="text"
          className="text-input"
          value={contact}
          readOnly={joining}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => vacuum.send({ type: 'contact.change', value: event.target.value })}
        />
        <span id={hintId} className="vacuum-field__hint">
          {t('signup.hint')}
        </span>
        {error && (
          <span id={errorId} className="field-error" role="alert">
            {t(`signup.${error}`)}
          </span>
        )}
      </div>
      {failed && (
        <p className="field-error" role="alert">
          {t('signup.failed')}
        </p>
      )}
      <div className="button-row">
        <SkipButton vacuum={vacuum} />
        <button type="submit" className="button button--primary" aria-disabled={joining} aria-busy={joining}>
          <ButtonLabel busy={joining}>{submitLabel}</ButtonLabel>
        </button>
      </div>
    </form>
  );
}

function Joined({ vacuum }: { vacuum: VacuumRef }) {
  const { t } = useTranslation('vacuum');
  return (
    <>
      <FocusHeading>{t('joined.title')}</FocusHeading>
      <p role="status">{t('joined.text')}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => vacuum.send({ type: 'loyalty.continue' })}
        >
          {t('joined.continue')}
        </button>
      </div>
    </>
  );
}
