import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../machines/menu/menu.types';
import { COOKIES, readCookie } from '../lib/cookies';

export const isLanguage = (code: string | undefined): code is Language =>
  (LANGUAGES as readonly (string | undefined)[]).includes(code);

/** The language remembered in the cookie, or the default (spec §6). */
export function rememberedLanguage(): Language {
  const code = readCookie(COOKIES.language);
  return isLanguage(code) ? code : DEFAULT_LANGUAGE;
}

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = i18next.dir(language);
}

/**
 * English ships in the entry bundle; the other languages are fetched when first chosen.
 * Resolves once the starting language's texts are in place.
 */
export async function startI18n(language: Language): Promise<void> {
  i18next.on('languageChanged', applyDocumentLanguage);
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend((code: string) => import(`../../locales/${code}.json`)))
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false }, // React escapes
      react: { useSuspense: false },
    });
  applyDocumentLanguage(language);
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}
