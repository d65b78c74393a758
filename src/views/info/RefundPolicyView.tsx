import { useTranslation } from 'react-i18next';
import { POLICY_FIGURES, POLICY_SECTIONS } from '../../../machines/info/policy';
import { InfoPage } from './InfoPage';
import { Paragraphs } from './Paragraphs';

/**
 * requirements.md §2 /refund-and-cancellation: the policy, its sections in the spec's order, with a table of contents.
 */
export function RefundPolicyView() {
  const { t, ready } = useTranslation('info');
  return (
    <InfoPage title={t('policy.title')} ready={ready}>
      <nav className="info-page__contents" aria-label={t('policy.contents')}>
        <ol>
          {POLICY_SECTIONS.map((section) => (
            <li key={section}>
              <a href={`#${section}`}>{t(`policy.sections.${section}.heading`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {POLICY_SECTIONS.map((section) => (
        <section key={section} id={section} className="info-page__section">
          <h2>{t(`policy.sections.${section}.heading`)}</h2>
          <Paragraphs text={t(`policy.sections.${section}.body`, POLICY_FIGURES)} />
        </section>
      ))}
      <p>
        <a href="/contact">{t('policy.contactLink')}</a>
      </p>
    </InfoPage>
  );
}
