import type { Language } from '../../../machines/menu/menu.types';
import { changeLanguage } from '../../i18n/i18n';
import { COOKIES, writeCookie } from '../../lib/cookies';

/** The information pages offer every language; the choice is remembered as on /pay (requirements.md §3, §6). */
export function chooseLanguage(language: Language): void {
  writeCookie(COOKIES.language, language);
  void changeLanguage(language);
}
