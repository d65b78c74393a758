import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../machines/menu/menu.types';

/** The station's languages as buttons (requirements.md §2), the current one pressed. */
export function LanguageButtons({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  const { t } = useTranslation();
  return (
    <div className="language-buttons" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className="language-buttons__button"
          lang={language}
          aria-pressed={language === value}
          onClick={() => onChange(language)}
        >
          {t(`language.names.${language}`)}
        </button>
      ))}
    </div>
  );
}
