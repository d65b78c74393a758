import { shallowEqual, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCanConfirm,
  selectCharge,
  selectChosenProduct,
  selectShortOfMinimum,
  selectSpan,
  selectTimeDrawerOpen,
  selectTimes,
  type HourlySpan,
} from '../../../machines/vacuum/vacuum.selectors';
import Drawer from '../../components/Drawer';
import { formatMoney, Money } from '../../components/Money';
import { TimeField } from '../../components/TimeField';
import type { VacuumRef } from './vacuum-ref';

/** "1 hr 30 min" in the visitor's language, with the platform's own unit names. */
function formatDuration({ hours, minutes }: HourlySpan['duration'], language: string): string {
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const parts = [hours > 0 ? unit(hours, 'hour') : '', minutes > 0 || hours === 0 ? unit(minutes, 'minute') : ''];
  return parts.filter(Boolean).join(' ');
}

/**
 * The chosen times in the language's own clock ("10:00 AM – 11:30 AM" en, "10:00 – 11:30" he, fr, es), for
 * the summary: the time fields are the phone's own pickers, which follow the phone's settings, not the page's
 * language. Empty while a time is cleared.
 */
function formatTimes({ start, end }: { start: string; end: string }, language: string): string {
  if (![start, end].every((time) => /^\d{2}:\d{2}$/.test(time))) return '';
  const clock = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });
  const at = (time: string) => new Date(2000, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3)));
  return `${clock.format(at(start))} – ${clock.format(at(end))}`;
}

interface TimeDrawerProps {
  vacuum: VacuumRef;
  symbol: string;
}

/**
 * requirements.md §2: the drawer with the start and end times, the item, subtotal, service fee 0, total and Continue.
 */
export default function TimeDrawer({ vacuum, symbol }: TimeDrawerProps) {
  const { t } = useTranslation('vacuum');
  const { t: tShared } = useTranslation();
  const open = useSelector(vacuum, selectTimeDrawerOpen);
  return (
    <Drawer
      open={open}
      title={t('time.title')}
      closeLabel={tShared('drawer.close')}
      onClose={() => vacuum.send({ type: 'time.close' })}
    >
      <TimeChoice vacuum={vacuum} symbol={symbol} />
    </Drawer>
  );
}

function TimeChoice({ vacuum, symbol }: TimeDrawerProps) {
  const { t, i18n } = useTranslation('vacuum');
  const { t: tShared } = useTranslation();
  const times = useSelector(vacuum, selectTimes, shallowEqual);
  const product = useSelector(vacuum, selectChosenProduct);
  const span = useSelector(vacuum, selectSpan, shallowEqual);
  const charge = useSelector(vacuum, selectCharge, shallowEqual);
  const canConfirm = useSelector(vacuum, selectCanConfirm);
  const shortOfMinimum = useSelector(vacuum, selectShortOfMinimum);
  const summaryId = useId();
  const hintId = useId();

  return (
    <form
      className="vacuum-time"
      onSubmit={(event) => {
        event.preventDefault();
        vacuum.send({ type: 'time.confirm' });
      }}
    >
      <div className="time-fields">
        <TimeField
          label={t('time.start')}
          value={times.start}
          onChange={(time) => vacuum.send({ type: 'time.start', time })}
        />
        <TimeField
          label={t('time.end')}
          value={times.end}
          onChange={(time) => vacuum.send({ type: 'time.end', time })}
        />
      </div>

      <section className="vacuum-summary" aria-labelledby={summaryId} aria-live="polite">
        <h3 id={summaryId} className="stage-heading">
          {t('time.summary')}
        </h3>
        {product && (
          <p className="vacuum-summary__item">
            <span className="product-card__name">
              <bdi>{product.name}</bdi>
            </span>
            <span className="vacuum-summary__price">
              {t('grid.perHour', { price: formatMoney(product.price, symbol, i18n.language) })}
            </span>
          </p>
        )}
        {span.nextDay && <p className="vacuum-summary__note">{t('time.nextDay')}</p>}
        <dl className="receipt__totals">
          <dt>{t('time.times')}</dt>
          <dd>
            <bdi>{formatTimes(times, i18n.language)}</bdi>
          </dd>
          <dt>{t('time.duration')}</dt>
          <dd>{formatDuration(span.duration, i18n.language)}</dd>
          <dt>{tShared('success.subtotal')}</dt>
          <dd>
            <Money amount={charge.subtotal} symbol={symbol} />
          </dd>
          <dt>{tShared('success.serviceFee')}</dt>
          <dd>
            <Money amount={charge.serviceFee} symbol={symbol} />
          </dd>
          <dt className="receipt__total">{tShared('success.total')}</dt>
          <dd className="receipt__total">
            <Money amount={charge.total} symbol={symbol} />
          </dd>
        </dl>
      </section>

      <div className="sticky-action">
        {!canConfirm && (
          <p id={hintId} className="vacuum-time__hint">
            {shortOfMinimum === undefined
              ? t('time.spanZero')
              : tShared('amount.minimum', { amount: formatMoney(shortOfMinimum, symbol, i18n.language) })}
          </p>
        )}
        <button
          type="submit"
          className={`button button--primary button--block${canConfirm ? '' : ' button--dimmed'}`}
          aria-disabled={!canConfirm}
          aria-describedby={canConfirm ? undefined : hintId}
        >
          {t('time.continue')}
        </button>
      </div>
    </form>
  );
}
