import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
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
import { TimeField } from '../../components/TimeField';
import type { StationRef } from './station-ref';

const CHOICES: readonly StationChoice[] = ['rent', 'return'];

interface StationRadioProps {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onSelect: () => void;
  /** More about the choice, after its name. */
  children?: ReactNode;
}

function StationRadio({ name, value, label, checked, onSelect, children }: StationRadioProps) {
  return (
    <label className="station-choice">
      <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} />
      <span className="station-choice__name">{label}</span>
      {children}
    </label>
  );
}

/** Rent or return, the phone number and, to rent, the option and times with the price they come to. */
export function RentalForm({ station }: { station: StationRef }) {
  const { t, i18n } = useTranslation('wheelshare');
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
          <StationRadio
            key={choice}
            name={`${ids}-choice`}
            value={choice}
            label={t(`form.${choice}`)}
            checked={form.choice === choice}
            onSelect={() => station.send({ type: 'choice.select', choice })}
          />
        ))}
      </fieldset>

      <div className="station-field">
        <label className="station-field__label" htmlFor={`${ids}-phone`}>
          {t('form.phone')}
        </label>
        <input
          id={`${ids}-phone`}
          className="text-input"
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
              <StationRadio
                key={option}
                name={`${ids}-option`}
                value={option}
                label={t(`form.${option}`)}
                checked={form.option === option}
                onSelect={() => station.send({ type: 'option.select', option })}
              >
                <span className="station-choice__rate">
                  {t(option === 'hourly' ? 'form.perHour' : 'form.perDay', {
                    price: formatMoney(RENTAL_RATES[option], RENTAL_CURRENCY_SYMBOL, i18n.language),
                  })}
                </span>
              </StationRadio>
            ))}
          </fieldset>

          <div className="time-fields">
            <TimeField
              label={t('form.start')}
              value={form.startTime}
              required
              onChange={(time) => station.send({ type: 'startTime.change', time })}
            />
            <TimeField
              label={t('form.end')}
              value={form.endTime}
              describedBy={`${ids}-next-day`}
              required
              onChange={(time) => station.send({ type: 'endTime.change', time })}
            />
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
                {/* In the page's direction, the rate its own isolate: forced left to right, Hebrew's "1 × ₪5.00"
                    came out with its brackets and amount out of order. */}
                <span className="station-estimate__detail" data-testid="estimate-detail">
                  ({estimate.units} × <Money amount={estimate.rate} symbol={RENTAL_CURRENCY_SYMBOL} />)
                </span>
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
