import { useSelector } from '@xstate/react';
import { Trans, useTranslation } from 'react-i18next';
import { RENTAL_CURRENCY_SYMBOL } from '../../../machines/wheelshare/rental-rules';
import {
  selectFailureCause,
  selectFailureMessage,
  selectMachineId,
  selectNotCharged,
  selectPaid,
  selectRentalReference,
} from '../../../machines/wheelshare/wheelshare.selectors';
import { FocusHeading } from '../../components/FocusHeading';
import { Money } from '../../components/Money';
import { usePayee } from '../../components/OrderSummary';
import { SupportCallButton } from '../../components/SupportCallButton';
import { TransactionNumber } from '../../components/TransactionNumber';
import type { StationRef } from './station-ref';

/** The rental's reference, when the station holds one: what a support call asks for. */
function RentalReference({ station }: { station: StationRef }) {
  const reference = useSelector(station, selectRentalReference);
  return reference ? <TransactionNumber text="rental.reference" id={reference} /> : null;
}

/** How much was paid and to whom, as /pay's success page leads (Stripe's receipt). */
function PaidTo({ station }: { station: StationRef }) {
  const paid = useSelector(station, selectPaid);
  const payee = usePayee({ merchant: undefined, machineId: useSelector(station, selectMachineId) });
  if (!paid) return null;
  return (
    <p className="outcome__paid" data-testid="paid-to">
      <Trans
        i18nKey="success.paidTo"
        values={{ payee }}
        components={{ amount: <Money amount={paid.amount} symbol={RENTAL_CURRENCY_SYMBOL} />, payee: <bdi /> }}
      />
    </p>
  );
}

interface StationOutcomeProps extends Record<'heading' | 'text' | 'next', string> {
  station: StationRef;
  supportPhone: string;
  onNext: () => void;
}

/** All done or returned: the good news with its facts, a support call, and a blank form for the next visitor. */
export function StationOutcome({ station, heading, text, next, supportPhone, onNext }: StationOutcomeProps) {
  const { t } = useTranslation();
  return (
    <section className="outcome outcome--success" role="status">
      <span className="outcome__icon" aria-hidden="true">
        ✓
      </span>
      <FocusHeading className="outcome__title">{heading}</FocusHeading>
      <PaidTo station={station} />
      <p>{text}</p>
      <RentalReference station={station} />
      <div className="button-row sticky-action">
        <SupportCallButton phone={supportPhone} label={t('success.support')} />
        <button type="button" className="button button--primary" onClick={onNext}>
          {next}
        </button>
      </div>
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

/**
 * requirements.md §8: the generic contact-support text with the message, a support call and a way forward; led, as
 * /pay's failure page is, by what went wrong in the visitor's words and whether money moved.
 */
export function StationFailure({ station, heading, supportPhone, onRetry }: StationFailureProps) {
  const { t } = useTranslation('wheelshare');
  const { t: tApp } = useTranslation();
  const cause = useSelector(station, selectFailureCause);
  const notCharged = useSelector(station, selectNotCharged);
  const message = useSelector(station, selectFailureMessage);
  return (
    <section className="outcome outcome--failure" role="alert">
      <FocusHeading className="outcome__title">{heading}</FocusHeading>
      {cause && <p className="outcome__cause">{t(`failure.causes.${cause}`)}</p>}
      {notCharged && <p className="outcome__charge">{tApp('failure.notCharged')}</p>}
      {message && (
        <p className="outcome__detail">
          <bdi>{message}</bdi>
        </p>
      )}
      <RentalReference station={station} />
      <p>{t('failure.contactSupport')}</p>
      <div className="button-row sticky-action">
        <SupportCallButton phone={supportPhone} label={tApp('failure.support')} />
        {onRetry && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('failure.retry')}
          </button>
        )}
        <button type="button" className="button" onClick={() => station.send({ type: 'form.edit' })}>
          {t('failure.back')}
        </button>
      </div>
    </section>
  );
}

/** Polling failed several times in a row: say so instead of spinning on; the bar the station's other outcomes have. */
export function ConnectionLost({ station, supportPhone }: { station: StationRef; supportPhone: string }) {
  const { t } = useTranslation('wheelshare');
  const { t: tApp } = useTranslation();
  return (
    <section className="outcome" role="alert">
      <FocusHeading className="outcome__title">{t('lost.heading')}</FocusHeading>
      <p>{t('lost.text')}</p>
      <div className="button-row sticky-action">
        <SupportCallButton phone={supportPhone} label={tApp('failure.support')} />
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
      </div>
    </section>
  );
}
