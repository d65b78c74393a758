import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../machines/menu/menu.types';
import { COOKIES, readCookie } from '../lib/cookies';
import { brandNamesWhole } from './brand-names';

export const isLanguage = (code: string | undefined): code is Language =>
  (LANGUAGES as readonly (string | undefined)[]).includes(code);

/** The language remembered in the cookie, or the default (requirements.md §6). */
export function rememberedLanguage(): Language {
  const code = readCookie(COOKIES.language);
  return isLanguage(code) ? code : DEFAULT_LANGUAGE;
}

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = i18next.dir(language);
}

/**
 * The flows besides /pay keep their texts in their own namespace (locales/<namespace>/<language>.json),
 * fetched when a page first asks for it, so /pay never downloads them.
 */
export const NAMESPACES = ['translation', 'info', 'vacuum', 'wheelshare', 'custom'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * /pay's texts in the languages fetched when chosen. English is left out: it is bundled (above), and a module
 * both imported and loaded on demand would be neither split out nor loaded once.
 */
const FETCHED_PAY_TEXTS = import.meta.glob(['../../locales/*.json', '!../../locales/en.json']);

function loadTexts(language: string, namespace: string): Promise<unknown> {
  if (namespace !== 'translation') return import(`../../locales/${namespace}/${language}.json`);
  const load = FETCHED_PAY_TEXTS[`../../locales/${language}.json`];
  return load ? load() : Promise.reject(new Error(`No /pay texts to fetch in ${language}`));
}

/**
 * English /pay texts ship in the entry bundle; other languages and namespaces are fetched when first used.
 * Resolves once the starting language's texts are in place.
 */
export async function startI18n(language: Language): Promise<void> {
  i18next.on('languageChanged', applyDocumentLanguage);
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend(loadTexts))
    .use(brandNamesWhole)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      ns: ['translation'],
      defaultNS: 'translation',
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false }, // React escapes
      postProcess: [brandNamesWhole.name],
      react: { useSuspense: false },
    });
  applyDocumentLanguage(language);
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}
