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
