import { useTranslation } from 'react-i18next';
import { SupportCallButton } from '../../components/SupportCallButton';
import { DEFAULT_SUPPORT_PHONE } from '../../config';
import { COMPANY_NAME, SUPPORT_EMAIL, WEBSITE_URL } from './contact-details';
import { InfoPage } from './InfoPage';

/** requirements.md §2 /contact: company, technician phone, support address, website. */
export function ContactView() {
  const { t, ready } = useTranslation('info');
  return (
    <InfoPage title={t('contact.title')} ready={ready}>
      <p>{t('contact.intro')}</p>
      <dl className="info-page__details">
        <dt>{t('contact.company')}</dt>
        <dd>
          <bdi>{COMPANY_NAME}</bdi>
        </dd>
        <dt>{t('contact.phone')}</dt>
        <dd>
          <SupportCallButton phone={DEFAULT_SUPPORT_PHONE} label={t('contact.call')} />
        </dd>
        <dt>{t('contact.email')}</dt>
        <dd>
          <a href={`mailto:${SUPPORT_EMAIL}`} dir="ltr">
            {SUPPORT_EMAIL}
          </a>
        </dd>
        <dt>{t('contact.website')}</dt>
        <dd>
          <a href={WEBSITE_URL} dir="ltr">
            {new URL(WEBSITE_URL).host}
          </a>
        </dd>
      </dl>
      <p>
        <a href="/refund-and-cancellation">{t('contact.policyLink')}</a>
      </p>
    </InfoPage>
  );
}
