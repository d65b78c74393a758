import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { NAMESPACES } from '../../src/i18n/i18n';

/** Every namespace's texts by language: locales/<language>.json and locales/<namespace>/<language>.json. */
const files = import.meta.glob<Record<string, unknown>>(['../../locales/*.json', '../../locales/*/*.json'], {
  eager: true,
  import: 'default',
});
const textsOf = (namespace: string, language: string): Record<string, unknown> => {
  const path =
    namespace === 'translation' ? `../../locales/${language}.json` : `../../locales/${namespace}/${language}.json`;
  const texts = files[path];
  if (!texts) throw new Error(`${path} is missing`);
  return texts;
};

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
/** The `<name>` and `</name>` tags a text gives react-i18next's Trans, each in its order. */
const tags = (value: unknown): string[] => (typeof value === 'string' ? (value.match(/<\/?\w+>/g) ?? []) : []);

/** Brand names are never translated. */
const BRANDS = ['Google Pay', 'Apple Pay', 'Bit', 'PayPoint'];
/** Values allowed to equal the English one: brand names and each language's own name. */
const SAME_AS_ENGLISH = new Set<string>([...BRANDS, ...Object.values(en.language.names)]);
/** A value made only of placeholders (e.g. "{{method}}") has nothing to translate. */
const onlyPlaceholders = (value: string): boolean => value.replace(/{{[^{}]*}}/g, '').trim() === '';

const TRANSLATED = ['he', 'fr', 'es'] as const;
const cases = NAMESPACES.flatMap((namespace) => TRANSLATED.map((language) => [namespace, language] as const));

it('has a file for every namespace and language, and no other', () => {
  const expected = NAMESPACES.flatMap((namespace) =>
    ['en', ...TRANSLATED].map((language) =>
      namespace === 'translation' ? `../../locales/${language}.json` : `../../locales/${namespace}/${language}.json`,
    ),
  );
  expect(Object.keys(files).sort()).toEqual(expected.sort());
});

describe.each(cases)('locales: %s namespace in %s', (namespace, language) => {
  const english = flatten(textsOf(namespace, 'en'));
  const englishKeys = Object.keys(english);
  const resources = textsOf(namespace, language);
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

  /** The keys whose parts (`partsOf` a text) differ from en.json's, with both lists. */
  const differingFromEnglish = (partsOf: (value: unknown) => string[]) =>
    englishKeys
      .filter((key) => key in translated)
      .filter((key) => partsOf(english[key]).join() !== partsOf(translated[key]).join())
      .map((key) => ({ key, en: partsOf(english[key]), [language]: partsOf(translated[key]) }));

  it('keeps the same {{placeholders}} as en.json for every key', () => {
    expect(differingFromEnglish(placeholders)).toEqual([]);
  });

  it('keeps the same <tags> as en.json, in the same order, for every key', () => {
    expect(differingFromEnglish(tags)).toEqual([]);
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
});

// Each language's name is written in that language, the same in every file: the picker shows them all.
it.each(TRANSLATED)('keeps language.names in %s identical to en.json', (language) => {
  expect(textsOf('translation', language)['language']).toHaveProperty('names', en.language.names);
});

describe.each(NAMESPACES)('locales: %s namespace in he', (namespace) => {
  const hebrew = flatten(textsOf(namespace, 'he'));

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
