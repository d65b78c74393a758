import { describe, it, expect } from 'vitest';
import en from '../../locales/en.json';
import he from '../../locales/he.json';
import fr from '../../locales/fr.json';
import es from '../../locales/es.json';

/** Flattens nested i18next resources into `a.b.c` → value. Non-string leaves are kept as-is so they fail the checks. */
function flatten(node: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      flatten(value, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out[prefix] = node;
  }
  return out;
}

const placeholders = (value: unknown): string[] =>
  typeof value === 'string' ? [...new Set(value.match(/{{\s*[^{}]+?\s*}}/g) ?? [])].sort() : [];

const english = flatten(en);
const englishKeys = Object.keys(english);

/** Brand names are never translated. */
const BRANDS = ['Google Pay', 'Apple Pay', 'Bit', 'PayPoint'];
/** Values allowed to equal the English one: brand names and each language's own name. */
const SAME_AS_ENGLISH = new Set<string>([...BRANDS, ...Object.values(en.language.names)]);
/** A value made only of placeholders (e.g. "{{method}}") has nothing to translate. */
const onlyPlaceholders = (value: string): boolean => value.replace(/{{[^{}]*}}/g, '').trim() === '';

const translations = { he, fr, es } as const;

describe.each(Object.entries(translations))('locales/%s.json', (language, resources) => {
  const translated = flatten(resources);
  const translatedKeys = Object.keys(translated);

  it('has exactly the same keys as en.json', () => {
    const missing = englishKeys.filter((key) => !(key in translated));
    const extra = translatedKeys.filter((key) => !(key in english));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('has a non-empty string for every key', () => {
    const bad = translatedKeys.filter((key) => {
      const value = translated[key];
      return typeof value !== 'string' || value.trim() === '';
    });
    expect(bad).toEqual([]);
  });

  it('keeps the same {{placeholders}} as en.json for every key', () => {
    const mismatched = englishKeys
      .filter((key) => key in translated)
      .filter((key) => placeholders(english[key]).join() !== placeholders(translated[key]).join())
      .map((key) => ({ key, en: placeholders(english[key]), [language]: placeholders(translated[key]) }));
    expect(mismatched).toEqual([]);
  });

  it('translates every string (only brand and language names may equal the English)', () => {
    const untranslated = englishKeys.filter((key) => {
      const value = english[key];
      if (typeof value !== 'string' || translated[key] !== value) return false;
      return !SAME_AS_ENGLISH.has(value) && !onlyPlaceholders(value);
    });
    expect(untranslated).toEqual([]);
  });

  it('keeps brand names untranslated', () => {
    const lost = englishKeys.flatMap((key) => {
      const source = english[key];
      const target = translated[key];
      if (typeof source !== 'string' || typeof target !== 'string') return [];
      return BRANDS.filter((brand) => new RegExp(`\\b${brand}\\b`).test(source) && !target.includes(brand)).map(
        (brand) => `${key}: ${brand}`,
      );
    });
    expect(lost).toEqual([]);
  });

  it('keeps language.names identical to en.json', () => {
    expect(resources.language.names).toEqual(en.language.names);
  });
});

describe('locales/he.json', () => {
  const hebrew = flatten(he);

  it('has no niqqud or cantillation marks', () => {
    // U+0591–U+05C7 minus the punctuation maqaf (05BE), paseq (05C0), sof pasuq (05C3) and nun hafukha (05C6).
    const marks = /[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]/;
    const withMarks = Object.keys(hebrew).filter((key) => marks.test(String(hebrew[key])));
    expect(withMarks).toEqual([]);
  });

  it('is written in Hebrew (except brand names, language names and placeholder-only values)', () => {
    const notHebrew = Object.keys(hebrew).filter((key) => {
      const value = String(hebrew[key]);
      return !/[\u05D0-\u05EA]/.test(value) && !SAME_AS_ENGLISH.has(value) && !onlyPlaceholders(value);
    });
    expect(notHebrew).toEqual([]);
  });
});
