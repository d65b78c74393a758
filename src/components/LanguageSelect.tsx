import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../machines/menu/menu.types';

interface LanguageSelectProps {
  value: Language;
  options: readonly Language[];
  onChange: (language: Language) => void;
}

export function LanguageSelect({ value, options, onChange }: LanguageSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = options.find((language) => language === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {options.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
