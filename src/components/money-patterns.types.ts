/** Where a shape holds the amount's number and its symbol: characters no ICU affix holds. */
export const SHAPE_NUMBER = '#';
export const SHAPE_SYMBOL = '¤';

/** An amount's affixes around its number (#) and its symbol (¤): "¤#" and "-¤#" in English for €. */
export interface MoneyShape {
  positive: string;
  negative: string;
}

/** How one language writes amounts, as ICU's CLDR data has it (scripts/money-patterns-plugin.ts). */
export interface LanguageMoney {
  group: string;
  decimal: string;
  /** Digits before the first group separator: 1 ("1,234"), or 2 where four digits stay whole (Spanish "1234"). */
  minimumGroupingDigits: number;
  shapes: MoneyShape[];
  /** The shape of the stand-in currency (a sign, €), written when the operator's code is missing or not a code. */
  standIn: number;
  /** The shape of a code ICU has no symbol for: it writes the code's letters, spaced from the digits in English. */
  unknown: number;
  /** The codes whose shape differs from `unknown`'s. */
  currencies: Record<string, number>;
}

export interface MoneyPatterns {
  /** A currency's digits where they are not 2 (JPY 0, BHD 3). */
  digits: Record<string, number>;
  languages: Record<string, LanguageMoney>;
}
