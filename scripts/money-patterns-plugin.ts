import type { Plugin } from 'vite';
import { LANGUAGES } from '../machines/menu/menu.types.ts';
import {
  type LanguageMoney,
  type MoneyPatterns,
  SHAPE_NUMBER as NUMBER,
  SHAPE_SYMBOL as SYMBOL,
} from '../src/components/money-patterns.types.ts';

const MODULE_ID = 'virtual:money-patterns';
const RESOLVED_ID = `\0${MODULE_ID}`;
/** The currency the app writes an amount in when the operator's code is missing or not one at all: a sign (€), not letters. */
const STAND_IN_CURRENCY = 'EUR';

/** Every well-formed currency code, AAA to ZZZ: Intl takes each, and ICU knows some that `supportedValuesOf` omits (ADP, ESP…). */
function everyCode(): string[] {
  const letters = Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index));
  return letters.flatMap((first) => letters.flatMap((second) => letters.map((third) => first + second + third)));
}

/** A formatted amount with its number as NUMBER and its symbol as SYMBOL: "¤#" en for €, "# ¤" fr, "¤ #" en for CHF. */
function shapeOf(format: Intl.NumberFormat, amount: number): string {
  const shape = format
    .formatToParts(amount)
    .map(({ type, value }) => {
      if (type === 'currency') return SYMBOL;
      if (['integer', 'group', 'decimal', 'fraction'].includes(type)) return NUMBER;
      if (value.includes(NUMBER) || value.includes(SYMBOL))
        throw new Error(`an ICU affix holds ${NUMBER} or ${SYMBOL}`);
      return value;
    })
    .join('')
    .replace(new RegExp(`${NUMBER}+`, 'g'), NUMBER);
  if (shape.split(NUMBER).length !== 2 || shape.split(SYMBOL).length !== 2)
    throw new Error(`${format.resolvedOptions().locale}: not one number and one symbol in "${shape}"`);
  return shape;
}

/** A language's separators and its shapes: each code's where it differs from the shape of a code ICU has no symbol for. */
function languageMoney(language: string, codes: readonly string[]): LanguageMoney {
  const shapes: string[][] = [];
  const shapeIndex = (currency: string, digits?: number) => {
    const format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    const pair = [shapeOf(format, 1), shapeOf(format, -1)];
    const found = shapes.findIndex((shape) => shape[0] === pair[0] && shape[1] === pair[1]);
    return found >= 0 ? found : shapes.push(pair) - 1;
  };
  // A code no one uses: ICU writes the code itself, letters, as it does for most codes.
  const unknown = shapeIndex('QQQ');
  const currencies: Record<string, number> = {};
  for (const code of codes) {
    const index = shapeIndex(code);
    if (index !== unknown) currencies[code] = index;
  }
  const standIn = shapeIndex(STAND_IN_CURRENCY, 2);
  const standInFormat = new Intl.NumberFormat(language, { style: 'currency', currency: STAND_IN_CURRENCY });
  const millions = standInFormat.formatToParts(1234567.5);
  const separator = (type: string) => millions.find((part) => part.type === type)?.value ?? '';
  const groups = millions.filter((part) => part.type === 'integer').map((part) => part.value.length);
  if (groups.join() !== '1,3,3') throw new Error(`${language} does not group by threes: ${groups.join()}`);
  return {
    group: separator('group'),
    decimal: separator('decimal'),
    // Spanish leaves 1234 whole and groups from 12 345 on.
    minimumGroupingDigits: standInFormat.formatToParts(1234).some((part) => part.type === 'group') ? 1 : 2,
    shapes: shapes.map(([positive = '', negative = '']) => ({ positive, negative })),
    standIn,
    unknown,
    currencies,
  };
}

/**
 * How each of the app's languages writes an amount, read from this machine's Intl (ICU's CLDR data) at build
 * time, so that the page formats money without building an Intl.NumberFormat: a browser's first one loads
 * ICU's locale lists, 40–130 ms of a fresh renderer's main thread (docs/performance.md). src/components/Money.tsx
 * writes amounts from it; tests/unit/money-format.test.ts holds it to Intl itself.
 */
export function readMoneyPatterns(): MoneyPatterns {
  const codes = everyCode();
  const digits: Record<string, number> = {};
  for (const code of codes) {
    const count = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits;
    if (count !== 2) digits[code] = count ?? 2;
  }
  return {
    digits,
    languages: Object.fromEntries(LANGUAGES.map((language) => [language, languageMoney(language, codes)])),
  };
}

/** `virtual:money-patterns`: readMoneyPatterns() as the module's default export. */
export function moneyPatterns(): Plugin {
  return {
    name: 'money-patterns',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export default ${JSON.stringify(readMoneyPatterns())};` : undefined),
  };
}
