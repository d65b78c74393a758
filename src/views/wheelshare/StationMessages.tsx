import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectFailureMessage,
  selectLinkUnusable,
  selectNoRentalHere,
} from '../../../machines/wheelshare/wheelshare.selectors';
import { FocusHeading } from '../../components/FocusHeading';
import { SupportCallButton } from '../../components/SupportCallButton';
import type { StationRef } from './station-ref';

/** All done or returned: the good news, and a blank form for the next visitor. */
export function StationOutcome({
  heading,
  text,
  next,
  onNext,
}: Record<'heading' | 'text' | 'next', string> & {
  onNext: () => void;
}) {
  return (
    <section className="outcome" role="status">
      <span className="outcome__icon" aria-hidden="true">
        ✓
      </span>
      <FocusHeading className="outcome__title">{heading}</FocusHeading>
      <p>{text}</p>
      <button type="button" className="button button--primary button--block" onClick={onNext}>
        {next}
      </button>
    </section>
  );
}

interface StationFailureProps {
  station: StationRef;
  heading: string;
  supportPhone: string;
  /** Sends the call again (returning); renting starts over from the form. */
  onRetry?: () => void;
}

/** requirements.md §8: the generic contact-support text with the message, a support call and a way forward. */
export function StationFailure({ station, heading, supportPhone, onRetry }: StationFailureProps) {
  const { t } = useTranslation('wheelshare');
  const message = useSelector(station, selectFailureMessage);
  const linkUnusable = useSelector(station, selectLinkUnusable);
  const noRentalHere = useSelector(station, selectNoRentalHere);
  return (
    <section className="outcome" role="alert">
      <FocusHeading className="outcome__title">{heading}</FocusHeading>
      <p>{t('failure.contactSupport')}</p>
      {linkUnusable && <p className="outcome__message">{t('failure.unusableLink')}</p>}
      {noRentalHere && <p className="outcome__message">{t('failure.noRental')}</p>}
      {message && (
        <p className="outcome__message">
          <bdi>{message}</bdi>
        </p>
      )}
      <div className="button-row">
        {onRetry && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('failure.retry')}
          </button>
        )}
        <button type="button" className="button" onClick={() => station.send({ type: 'form.edit' })}>
          {t('failure.back')}
        </button>
        <SupportCallButton phone={supportPhone} />
      </div>
    </section>
  );
}

/** Polling failed several times in a row: say so instead of spinning on. */
export function ConnectionLost({ station, supportPhone }: { station: StationRef; supportPhone: string }) {
  const { t } = useTranslation('wheelshare');
  return (
    <section className="outcome" role="alert">
      <FocusHeading className="outcome__title">{t('lost.heading')}</FocusHeading>
      <p>{t('lost.text')}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => station.send({ type: 'polling.retry' })}
        >
          {t('lost.retry')}
        </button>
        <button type="button" className="button" onClick={() => station.send({ type: 'rental.cancel' })}>
          {t('lost.cancel')}
        </button>
        <SupportCallButton phone={supportPhone} />
      </div>
    </section>
  );
}
