import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../machines/menu/menu.types';

/**
 * The station's languages as buttons (requirements.md §2), behind one button that names the current language: four
 * names in a row do not fit beside the logo on a 320 px screen, and two rows made the header taller than any
 * other page's. Each name is in its own language; the current one is pressed. Escape or a tap elsewhere closes it.
 */
export function LanguageButtons({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  // A tap or a focus outside closes the list (a blur would not do: Safari does not focus a tapped button).
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);
  return (
    <div
      ref={root}
      className="language-buttons"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) close();
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="language-buttons__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">{t('language.label')}:</span>{' '}
        <span lang={value}>{t(`language.names.${value}`)}</span>
      </button>
      <div id={listId} className="language-buttons__list" role="group" aria-label={t('language.label')} hidden={!open}>
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            className="language-buttons__button"
            lang={language}
            aria-pressed={language === value}
            onClick={() => {
              onChange(language);
              close();
            }}
          >
            {t(`language.names.${language}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
