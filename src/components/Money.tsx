import { useTranslation } from 'react-i18next';
import patterns from 'virtual:money-patterns';
import { DEFAULT_LANGUAGE } from '../../machines/menu/menu.types';
import { type LanguageMoney, type MoneyShape, SHAPE_NUMBER, SHAPE_SYMBOL } from './money-patterns.types';

/*
 * Amounts are written from ICU's patterns as read at build time (scripts/money-patterns-plugin.ts), not by an
 * Intl.NumberFormat: a browser's first one loads ICU's locale lists, 40–130 ms of a fresh renderer's main
 * thread (docs/performance.md). tests/unit/money-format.test.ts holds every function here to Intl itself.
 */

/** A code Intl takes: three letters, in either case; anything else is written in the stand-in's shape (€). */
const WELL_FORMED_CODE = /^[a-z]{3}$/i;

function languageMoney(language: string): LanguageMoney {
  const money = patterns.languages[language] ?? patterns.languages[DEFAULT_LANGUAGE];
  if (!money) throw new Error(`virtual:money-patterns has no ${DEFAULT_LANGUAGE}`);
  return money;
}

function shapeAt(money: LanguageMoney, index: number): MoneyShape {
  const shape = money.shapes[index];
  if (!shape) throw new Error(`virtual:money-patterns has no shape ${index}`);
  return shape;
}

/**
 * |amount| to `digits` decimals as Intl rounds it: half away from zero, on the shortest decimal that reads back
 * as the same double (1.005 → 1.01, where toFixed gives 1.00).
 */
function rounded(amount: number, digits: number): { whole: string; fraction: string } {
  const [mantissa = '0', exponent = '0'] = Math.abs(amount).toString().split('e');
  const [integer = '', decimals = ''] = mantissa.split('.');
  let figures = integer + decimals;
  let point = integer.length + Number(exponent);
  if (point < 0) {
    figures = '0'.repeat(-point) + figures;
    point = 0;
  }
  const kept = figures.slice(0, point + digits).padEnd(point + digits, '0');
  const roundsUp = (figures[point + digits] ?? '0') >= '5';
  const result = roundsUp ? (BigInt(kept || '0') + 1n).toString().padStart(kept.length, '0') : kept;
  const wholeLength = result.length - digits;
  return { whole: result.slice(0, wholeLength).replace(/^0+(?=\d)/, '') || '0', fraction: result.slice(wholeLength) };
}

/** Whole digits with the language's group separator every three, from as many digits on as it groups. */
function grouped(whole: string, money: LanguageMoney): string {
  if (whole.length < 3 + money.minimumGroupingDigits) return whole;
  return whole.replace(/\B(?=(?:\d{3})+$)/g, money.group);
}

/** A shape with its number and its symbol in place. */
const written = (shape: string, number: string, symbol: string) =>
  shape
    .split(SHAPE_NUMBER)
    .map((side) => side.split(SHAPE_SYMBOL).join(symbol))
    .join(number);

/**
 * An amount in the language's pattern ("₪6.50" en, "6,50 ₪" fr, "‏6.50 ‏₪" he), written with the
 * operator's symbol; the currency code picks the digits (2 when the code is not one Intl knows).
 */
export function formatMoney(amount: number, symbol: string, language: string, currency?: string): string {
  const money = languageMoney(language);
  const code = currency !== undefined && WELL_FORMED_CODE.test(currency) ? currency.toUpperCase() : undefined;
  const shape = shapeAt(money, code === undefined ? money.standIn : (money.currencies[code] ?? money.unknown));
  const { whole, fraction } = rounded(amount, code === undefined ? 2 : (patterns.digits[code] ?? 2));
  const number = grouped(whole, money) + (fraction ? money.decimal + fraction : '');
  return written(amount < 0 || Object.is(amount, -0) ? shape.negative : shape.positive, number, symbol);
}

/**
 * An amount as the visitor types it on the keypad ("12.5", "12.", "0"), in the language's pattern as formatMoney writes
 * a whole amount: its grouping, its decimal separator and the symbol where the language puts it ("₪12.5" en,
 * "12,5 ₪" fr, "‏12.5 ‏₪" he). Only the decimals typed so far show, and the separator once typed ("12, ₪").
 */
export function formatTypedAmount(text: string, symbol: string, language: string): string {
  const [whole = '', decimals] = text.split('.');
  const money = languageMoney(language);
  const number =
    grouped(rounded(Number(whole), 0).whole, money) + (decimals === undefined ? '' : money.decimal + decimals);
  return written(shapeAt(money, money.standIn).positive, number, symbol);
}

/** The language's decimal separator ("." en and he, "," fr and es), which the keypad's decimal key shows. */
export function decimalSeparator(language: string): string {
  return languageMoney(language).decimal;
}

/** An amount isolated from the text around it, so Hebrew text does not reorder it. */
export function Money({ amount, symbol, currency }: { amount: number; symbol: string; currency?: string }) {
  const { i18n } = useTranslation();
  return <bdi>{formatMoney(amount, symbol, i18n.language, currency)}</bdi>;
}
