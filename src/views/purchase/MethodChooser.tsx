import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectApplePayUnavailable,
  selectCurrencySymbol,
  selectMethodOptions,
  selectTotals,
  type MethodOption,
} from '../../../machines/purchase/purchase.selectors';
import { FocusHeading } from '../../components/FocusHeading';
import { Money } from '../../components/Money';
import { PaymentMarkImage } from '../../components/PaymentMarkImage';
import type { PurchaseRef } from './purchase-ref';

export function MethodChooser({ purchase }: { purchase: PurchaseRef }) {
  const { t } = useTranslation();
  const options = useSelector(purchase, selectMethodOptions, sameOptions);
  const chosen = useSelector(purchase, (snapshot) => snapshot.context.method);
  const applePayUnavailable = useSelector(purchase, selectApplePayUnavailable);
  const { total } = useSelector(purchase, selectTotals, (a, b) => a.total === b.total);
  const symbol = useSelector(purchase, selectCurrencySymbol);
  const customAmount = useSelector(purchase, (snapshot) => snapshot.context.customAmount);
  const canContinue = useSelector(purchase, (snapshot) => snapshot.can({ type: 'method.continue' }));
  const optionId = useId();

  return (
    <section className="methods">
      {customAmount !== undefined && (
        <p className="methods__about">
          {t('methods.aboutToPay')} <Money amount={customAmount} symbol={symbol} />
        </p>
      )}
      <p className="methods__total">
        <span>{t('methods.total')}</span> <Money amount={total} symbol={symbol} />{' '}
        <span className="methods__fees">{t('methods.includingFees')}</span>
      </p>
      <fieldset className="method-list">
        <legend>
          <FocusHeading>{t('methods.title')}</FocusHeading>
        </legend>
        {options.map(({ method, takesCard, marks }) => (
          <label key={method} className={`method method--${method}${chosen === method ? ' method--selected' : ''}`}>
            <input
              type="radio"
              name="payment-method"
              className="method__input"
              value={method}
              checked={chosen === method}
              onChange={() => purchase.send({ type: 'method.select', method })}
              // Named by its text alone; a card option's marks describe the networks it takes.
              aria-labelledby={`${optionId}-${method}-name`}
              aria-describedby={takesCard ? `${optionId}-${method}-marks` : undefined}
            />
            <span className="method__name" id={`${optionId}-${method}-name`}>
              {t(`methods.names.${method}`)}
            </span>
            <span className="method__marks" id={`${optionId}-${method}-marks`}>
              {marks.map((mark) => (
                <PaymentMarkImage key={mark} mark={mark} />
              ))}
            </span>
            <span className="choice-check method__check" aria-hidden="true" />
          </label>
        ))}
        {options.length === 0 && <p className="empty-state">{t('methods.none')}</p>}
      </fieldset>
      {applePayUnavailable && <p className="methods__notice">{t('methods.applePayNotAvailable')}</p>}
      <div className="sticky-action">
        <button
          type="button"
          className={`button button--primary button--block${canContinue ? '' : ' button--dimmed'}`}
          aria-disabled={!canContinue}
          onClick={() => purchase.send({ type: 'method.continue' })}
        >
          {t('methods.continue')}
        </button>
      </div>
    </section>
  );
}

/** The options are new objects on every snapshot: compare what the list shows. */
const sameOptions = (a: MethodOption[], b: MethodOption[]) =>
  a.map(({ method, marks }) => `${method}:${marks.join()}`).join() ===
  b.map(({ method, marks }) => `${method}:${marks.join()}`).join();
