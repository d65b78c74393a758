/** requirements.md §9: the currency when a payment link names none. */
export const DEFAULT_CURRENCY = 'ILS';

// Checked before upper-casing: 'ß', 'ı' or 'ﬀ' upper-case into Latin letters ('aß' would read as ASS).
const ISO_CODE = /^[A-Za-z]{3}$/;

/** An ISO 4217 code as a payment link writes it (3 letters, any case), upper-cased; undefined when it is not one. */
export function currencyCode(text: string): string | undefined {
  const code = text.trim();
  return ISO_CODE.test(code) ? code.toUpperCase() : undefined;
}

/**
 * The symbol an amount in this currency is written with ("₪", "$", "€"): the narrow symbol, so it
 * reads as the menus' currency_symbol does; the code itself when the runtime knows no symbol for it.
 * English formatting rules, so the symbol does not change with the interface language.
 */
export function currencySymbol(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code; // not a well-formed code: RangeError
  }
}
