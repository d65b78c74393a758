import { useTranslation } from 'react-i18next';

// A stand-in currency for the language's pattern when the operator's code is missing or unknown to Intl; its
// symbol is replaced by the operator's. A sign (€), not letters: after letters ICU may add a space ("XXX 6.50"
// in Chromium's en, "XXX6.50" in Node's), which would then stay beside the operator's symbol.
const NO_CURRENCY = 'EUR';

/**
 * An amount in the language's pattern ("₪6.50" en, "6,50 ₪" fr, "‏6.50 ‏₪" he), written with the
 * operator's symbol; the currency code picks the digits (2 when the code is not one Intl knows).
 */
export function formatMoney(amount: number, symbol: string, language: string, currency?: string): string {
  return formatter(language, currency)
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('');
}

/**
 * An amount as the visitor types it on the keypad ("12.5", "12.", "0"), in the language's pattern as formatMoney writes
 * a whole amount: its grouping, its decimal separator and the symbol where the language puts it ("₪12.5" en,
 * "12,5 ₪" fr, "‏12.5 ‏₪" he). Only the decimals typed so far show, and the separator once typed ("12, ₪").
 */
export function formatTypedAmount(text: string, symbol: string, language: string): string {
  const [whole = '', decimals] = text.split('.');
  return formatter(language, undefined)
    .formatToParts(Number(whole))
    .map((part) => {
      if (part.type === 'currency') return symbol;
      if (part.type === 'decimal') return decimals === undefined ? '' : part.value;
      if (part.type === 'fraction') return decimals ?? '';
      return part.value;
    })
    .join('');
}

/** The language's decimal separator ("." en and he, "," fr and es), which the keypad's decimal key shows. */
export function decimalSeparator(language: string): string {
  return (
    formatter(language, undefined)
      .formatToParts(0.5)
      .find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/** Formatters by language and currency: building one costs far more than using it, and a page shows many amounts. */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: string, currency: string | undefined): Intl.NumberFormat {
  const key = `${language}|${currency ?? ''}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = newFormatter(language, currency);
    formatters.set(key, cached);
  }
  return cached;
}

function newFormatter(language: string, currency: string | undefined): Intl.NumberFormat {
  if (currency) {
    try {
      return new Intl.NumberFormat(language, { style: 'currency', currency });
    } catch {
      // not a well-formed code (RangeError): the language's pattern with two digits
    }
  }
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: NO_CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** An amount isolated from the text around it, so Hebrew text does not reorder it. */
export function Money({ amount, symbol, currency }: { amount: number; symbol: string; currency?: string }) {
  const { i18n } = useTranslation();
  return <bdi>{formatMoney(amount, symbol, i18n.language, currency)}</bdi>;
}
