import { useTranslation } from 'react-i18next';
import { SupportCallButton } from '../../components/SupportCallButton';
import { DEFAULT_SUPPORT_PHONE } from '../../config';
import { ACCESSIBILITY_STATEMENT_DATE, SUPPORT_EMAIL } from './contact-details';
import { InfoPage } from './InfoPage';
import { Paragraphs } from './Paragraphs';

const FEATURES = ['keyboard', 'screenReaders', 'rtl', 'zoom', 'motion', 'contrast'] as const;

/** requirements.md §2 /accessibility: the accessibility statement. */
export function AccessibilityView() {
  const { t, ready, i18n } = useTranslation('info');
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${ACCESSIBILITY_STATEMENT_DATE}T12:00:00Z`),
  );
  return (
    <InfoPage title={t('accessibility.title')} ready={ready}>
      <section>
        <h2>{t('accessibility.commitment.heading')}</h2>
        <Paragraphs text={t('accessibility.commitment.body')} />
      </section>
      <section>
        <h2>{t('accessibility.standard.heading')}</h2>
        <Paragraphs text={t('accessibility.standard.body')} />
      </section>
      <section>
        <h2>{t('accessibility.features.heading')}</h2>
        <p>{t('accessibility.features.intro')}</p>
        <ul className="info-page__list">
          {FEATURES.map((feature) => (
            <li key={feature}>{t(`accessibility.features.${feature}`)}</li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{t('accessibility.limitations.heading')}</h2>
        <Paragraphs text={t('accessibility.limitations.body')} />
      </section>
      <section>
        <h2>{t('accessibility.report.heading')}</h2>
        <Paragraphs text={t('accessibility.report.body')} />
        <dl className="info-page__details">
          <dt>{t('accessibility.report.email')}</dt>
          <dd>
            <a href={`mailto:${SUPPORT_EMAIL}`} dir="ltr">
              {SUPPORT_EMAIL}
            </a>
          </dd>
          <dt>{t('accessibility.report.phone')}</dt>
          <dd>
            <SupportCallButton phone={DEFAULT_SUPPORT_PHONE} label={t('contact.call')} />
          </dd>
        </dl>
      </section>
      <section>
        <h2>{t('accessibility.updated.heading')}</h2>
        <p>{t('accessibility.updated.body', { date })}</p>
      </section>
    </InfoPage>
  );
}
