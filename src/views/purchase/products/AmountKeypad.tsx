import { useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AmountEntryEvent } from '../../../../machines/amount-entry/amount-entry.machine';
import type { Digit } from '../../../../machines/amount-entry/amount-rules';
import { decimalSeparator, formatMoney, formatTypedAmount } from '../../../components/Money';
import type { AmountEntryRef } from '../purchase-ref';

const DIGITS: readonly Digit[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
/** Beyond this many characters ("₪12,345,678" en) an amount takes the display's smaller size, to fit a 320 px phone. */
const LONG_AMOUNT = 10;
const isDigit = (key: string): key is Digit => key.length === 1 && key >= '0' && key <= '9';

/** requirements.md §2: keyboard digits, '.' or ',', Backspace and Enter work as well as the on-screen keys. */
function keyToEvent(key: string): AmountEntryEvent | undefined {
  if (isDigit(key)) return { type: 'amount.digit', digit: key };
  if (key === '.' || key === ',') return { type: 'amount.decimalPoint' };
  if (key === 'Backspace') return { type: 'amount.backspace' };
  if (key === 'Enter') return { type: 'amount.confirm' };
  return undefined;
}

interface AmountKeypadProps {
  amountEntry: AmountEntryRef;
  currencySymbol: string;
  /** False while the payment drawer covers the keypad. */
  listening: boolean;
}

export function AmountKeypad({ amountEntry, currencySymbol, listening }: AmountKeypadProps) {
  const { t, i18n } = useTranslation();
  const text = useSelector(amountEntry, (snapshot) => snapshot.context.text);
  const belowMinimum = useSelector(amountEntry, (snapshot) => snapshot.matches({ Short: 'BelowMinimum' }));
  const minimumAmount = useSelector(amountEntry, (snapshot) => snapshot.context.minimumAmount);

  // Listening from the commit that shows the keypad: a passive effect runs in a task after the paint, and Chromium
  // dispatches a key pressed on the keypad's first frame before that task (a screenshots journey lost its Enter so).
  useLayoutEffect(() => {
    if (!listening) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      // Enter on a focused button already clicks it; leave it to the button.
      if (event.key === 'Enter' && event.target instanceof HTMLButtonElement) return;
      const amountEvent = keyToEvent(event.key);
      if (!amountEvent) return;
      event.preventDefault();
      amountEntry.send(amountEvent);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [amountEntry, listening]);

  const press = (event: AmountEntryEvent) => () => amountEntry.send(event);
  const shown = formatTypedAmount(text, currencySymbol, i18n.language);
  const minimum = t('amount.minimum', { amount: formatMoney(minimumAmount, currencySymbol, i18n.language) });

  return (
    <section className="amount-entry" aria-labelledby="amount-title">
      <h1 id="amount-title" className="section-title">
        {t('amount.title')}
      </h1>
      <output
        className={`amount-entry__display${shown.length > LONG_AMOUNT ? ' amount-entry__display--long' : ''}`}
        aria-live="polite"
        aria-label={t('amount.label')}
      >
        <bdi>{shown}</bdi>
      </output>
      {/* The hint's room is kept while it is hidden (an invisible copy sizes it), so the keypad never moves. */}
      <div className="amount-entry__hint">
        <p className="field-error amount-entry__hint-room" aria-hidden="true">
          {minimum}
        </p>
        {belowMinimum && (
          <p className="field-error" role="alert">
            {minimum}
          </p>
        )}
      </div>
      <div className="keypad" role="group" aria-label={t('amount.keypad')} dir="ltr">
        {DIGITS.map((digit) => (
          <button key={digit} type="button" className="keypad__key" onClick={press({ type: 'amount.digit', digit })}>
            {digit}
          </button>
        ))}
        <button
          type="button"
          className="keypad__key"
          aria-label={t('amount.decimalPoint')}
          onClick={press({ type: 'amount.decimalPoint' })}
        >
          {decimalSeparator(i18n.language)}
        </button>
        <button type="button" className="keypad__key" onClick={press({ type: 'amount.digit', digit: '0' })}>
          0
        </button>
        <button
          type="button"
          className="keypad__key"
          aria-label={t('amount.backspace')}
          onClick={press({ type: 'amount.backspace' })}
        >
          ⌫
        </button>
      </div>
    </section>
  );
}
