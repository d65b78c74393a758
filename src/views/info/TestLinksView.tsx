import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTestLinks, type TestLinkForm } from '../../../machines/info/iframe-link';
import { InfoPage } from './InfoPage';
import { problemText } from './problem-text';
import { TextField } from './TextField';

/** What the form starts with: machine 1001, 10.00, and both return addresses back to this page. */
export function defaultTestLinkForm(origin: string): TestLinkForm {
  const back = `${origin}/test`;
  return { machineId: '1001', amount: '10.00', description: 'Test payment', successUrl: back, failureUrl: back };
}

const LINKS = ['customPaymentIframe', 'genPaymentIntend'] as const;

/** requirements.md §2 /test: the operators' page that builds the custom payment iframe link. */
export function TestLinksView({ origin = window.location.origin }: { origin?: string }) {
  const { t, ready } = useTranslation('info');
  const [form, setForm] = useState(() => defaultTestLinkForm(origin));
  const links = buildTestLinks(form, origin);
  const problems = links.ok ? {} : links.problems;
  const field = (name: keyof TestLinkForm) => ({
    label: t(`test.${name}`),
    value: form[name],
    onChange: (value: string) => setForm((current) => ({ ...current, [name]: value })),
    error: problemText(t, problems[name]),
  });

  return (
    <InfoPage title={t('test.title')} ready={ready} footer={false}>
      <p>{t('test.intro')}</p>
      <form className="info-form" noValidate onSubmit={(event) => event.preventDefault()}>
        <TextField {...field('machineId')} inputMode="numeric" />
        <TextField {...field('amount')} inputMode="decimal" dir="ltr" />
        <TextField {...field('description')} />
        <TextField {...field('successUrl')} type="url" dir="ltr" />
        <TextField {...field('failureUrl')} type="url" dir="ltr" />
      </form>
      <section className="info-links">
        <h2>{t('test.links')}</h2>
        {links.ok ? (
          LINKS.map((name) => (
            <div key={name} className="info-link">
              <h3>
                <a href={links[name]}>{t(`test.${name}`)}</a>
              </h3>
              <code className="info-link__text" dir="ltr">
                {links[name]}
              </code>
            </div>
          ))
        ) : (
          <p className="field-error">{t('test.noLinks')}</p>
        )}
      </section>
    </InfoPage>
  );
}
