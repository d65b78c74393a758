import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../machines/menu/menu.types';
import { LanguageSelect } from '../../components/LanguageSelect';
import { PageFrame } from '../../components/PageFrame';
import { isLanguage } from '../../i18n/i18n';
import { chooseLanguage } from './choose-language';

const BRAND = 'PayPoint';

/** Names the page in the browser tab and history, in the current language, while it is shown. */
function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    const previous = document.title;
    document.title = `${title} – ${BRAND}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

interface InfoPageProps {
  /** The page's h1 and document title. */
  title: string;
  /** Whether the 'info' texts are in place; a spinner shows until then. */
  ready: boolean;
  /** The footer's policy links belong on the visitors' pages, not on the operators' debug pages. */
  footer?: boolean;
  children: ReactNode;
}

/** The frame of the information and debug pages: logo, language choice, the page's content, footer. */
export function InfoPage({ title, ready, footer = true, children }: InfoPageProps) {
  const { i18n } = useTranslation();
  useDocumentTitle(ready ? title : undefined);
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return (
    <PageFrame
      header={<LanguageSelect value={language} options={LANGUAGES} onChange={chooseLanguage} />}
      ready={ready}
      footer={footer}
      mainClassName="info-page"
    >
      <h1>{title}</h1>
      {children}
    </PageFrame>
  );
}
