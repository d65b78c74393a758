import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RENTAL_CURRENCY_SYMBOL, RENTAL_OPTIONS, RENTAL_RATES } from '../../../machines/wheelshare/rental-rules';
import {
  selectCanSubmit,
  selectEstimate,
  selectForm,
  selectShowsPhoneError,
} from '../../../machines/wheelshare/wheelshare.selectors';
import type { StationChoice } from '../../../machines/wheelshare/wheelshare.types';
import { FocusHeading } from '../../components/FocusHeading';
import { formatMoney, Money } from '../../components/Money';
import type { StationRef } from './station-ref';

const CHOICES: readonly StationChoice[] = ['rent', 'return'];

/** Rent or return, the phone number and, to rent, the option and times with the price they come to. */
export function RentalForm({ station }: { station: StationRef }) {
  const { t } = useTranslation('wheelshare');
  const ids = useId();
  const form = useSelector(station, selectForm);
  const canSubmit = useSelector(station, selectCanSubmit);
  const phoneError = useSelector(station, selectShowsPhoneError);
  const estimate = useSelector(station, selectEstimate);
  const renting = form.choice === 'rent';

  return (
    <form
      className="station-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        station.send({ type: 'form.submit' });
      }}
    >
      <FocusHeading>{t('form.heading')}</FocusHeading>

      <fieldset className="station-choices station-choices--pair">
        <legend className="station-field__label">{t('form.choice')}</legend>
        {CHOICES.map((choice) => (
          <label key={choice} className="station-choice">
            <input
              type="radio"
              name={`${ids}-choice`}
              value={choice}
              checked={form.choice === choice}
              onChange={() => station.send({ type: 'choice.select', choice })}
            />
            <span className="station-choice__name">{t(`form.${choice}`)}</span>
          </label>
        ))}
      </fieldset>

      <div className="station-field">
        <label className="station-field__label" htmlFor={`${ids}-phone`}>
          {t('form.phone')}
        </label>
        <input
          id={`${ids}-phone`}
          className="station-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          value={form.phone}
          aria-invalid={phoneError}
          aria-describedby={phoneError ? `${ids}-phone-error` : `${ids}-phone-hint`}
          onChange={(event) => station.send({ type: 'phone.change', phone: event.target.value })}
          onBlur={() => station.send({ type: 'phone.blur' })}
        />
        <p id={`${ids}-phone-hint`} className="station-field__hint">
          {t('form.phoneHint')}
        </p>
        {phoneError && (
          <p id={`${ids}-phone-error`} className="field-error" role="alert">
            {t('form.phoneInvalid')}
          </p>
        )}
      </div>

      {renting && (
        <>
          <fieldset className="station-choices">
            <legend className="station-field__label">{t('form.option')}</legend>
            {RENTAL_OPTIONS.map((option) => (
              <label key={option} className="station-choice">
                <input
                  type="radio"
                  name={`${ids}-option`}
                  value={option}
                  checked={form.option === option}
                  onChange={() => station.send({ type: 'option.select', option })}
                />
                <span className="station-choice__name">{t(`form.${option}`)}</span>
                <span className="station-choice__rate">
                  {t(option === 'hourly' ? 'form.perHour' : 'form.perDay', {
                    price: formatMoney(RENTAL_RATES[option], RENTAL_CURRENCY_SYMBOL),
                  })}
                </span>
              </label>
            ))}
          </fieldset>

          <div className="station-times">
            <div className="station-field">
              <label className="station-field__label" htmlFor={`${ids}-start`}>
                {t('form.start')}
              </label>
              <input
                id={`${ids}-start`}
                className="station-input"
                type="time"
                required
                value={form.startTime}
                onChange={(event) => station.send({ type: 'startTime.change', time: event.target.value })}
              />
            </div>
            <div className="station-field">
              <label className="station-field__label" htmlFor={`${ids}-end`}>
                {t('form.end')}
              </label>
              <input
                id={`${ids}-end`}
                className="station-input"
                type="time"
                required
                value={form.endTime}
                aria-describedby={`${ids}-next-day`}
                onChange={(event) => station.send({ type: 'endTime.change', time: event.target.value })}
              />
            </div>
            <p id={`${ids}-next-day`} className="station-field__hint">
              {t('form.nextDay')}
            </p>
          </div>

          <p className="station-estimate" aria-live="polite">
            {estimate && (
              <>
                <span>{t('form.estimate')}</span>{' '}
                <strong className="station-estimate__amount">
                  <Money amount={estimate.amount} symbol={RENTAL_CURRENCY_SYMBOL} />
                </strong>{' '}
                <bdi dir="ltr" className="station-estimate__detail">
                  ({estimate.units} × {formatMoney(estimate.rate, RENTAL_CURRENCY_SYMBOL)})
                </bdi>
              </>
            )}
          </p>
        </>
      )}

      <button type="submit" className="button button--primary button--block" disabled={!canSubmit}>
        {t(renting ? 'form.submitRent' : 'form.submitReturn')}
      </button>
    </form>
  );
}
