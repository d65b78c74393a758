import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TestLinkForm } from '../../../machines/info/iframe-link';
import {
  selectCanSign,
  selectFormComplete,
  selectSignedLinks,
  selectSignFailure,
  selectTestLinkForm,
  selectTestLinkProblems,
  selectTestLinksStage,
} from '../../../machines/info/test-links.selectors';
import { provideTestLinks } from '../../actors/test-links';
import { ButtonLabel } from '../../components/ButtonLabel';
import { apiClient } from '../../api/default-client';
import { SANDBOX_BUILD } from '../../config';
import { inspect } from '../../inspect';
import { InfoPage } from './InfoPage';
import { problemText } from './problem-text';
import { TextField } from './TextField';

/** What the form starts with: machine 1001, 10.00, and both return addresses back to this page. */
export function defaultTestLinkForm(origin: string): TestLinkForm {
  const back = `${origin}/test`;
  return { machineId: '1001', amount: '10.00', description: 'Test payment', successUrl: back, failureUrl: back };
}

const LINKS = ['customPaymentIframe', 'genPaymentIntend'] as const;

const testLinksLogic = provideTestLinks(apiClient, window.location.origin);

interface TestLinksViewProps {
  origin?: string;
  /** Whether the operator is the sandbox, which signs links for this page (default: the sandbox build). */
  sandbox?: boolean;
  /** The chart with its effects; tests pass one wired to the in-process sandbox. */
  logic?: typeof testLinksLogic;
}

/**
 * requirements.md §2 /test: the operators' page that builds the custom payment links, signed by the
 * operator when asked for (the sandbox only; a production operator signs them in its back office).
 */
export function TestLinksView({
  origin = window.location.origin,
  sandbox = SANDBOX_BUILD,
  logic = testLinksLogic,
}: TestLinksViewProps) {
  const { t, ready } = useTranslation('info');
  const testLinks = useActorRef(logic, { input: { form: defaultTestLinkForm(origin), origin, sandbox }, inspect });
  const stage = useSelector(testLinks, selectTestLinksStage);
  const form = useSelector(testLinks, selectTestLinkForm);
  const problems = useSelector(testLinks, selectTestLinkProblems);
  const formComplete = useSelector(testLinks, selectFormComplete);
  const canSign = useSelector(testLinks, selectCanSign);
  const signed = useSelector(testLinks, selectSignedLinks);
  const failure = useSelector(testLinks, selectSignFailure);
  const field = (name: keyof TestLinkForm) => ({
    label: t(`test.${name}`),
    value: form[name],
    onChange: (value: string) => testLinks.send({ type: 'form.edit', field: name, value }),
    error: problemText(t, problems[name]),
  });

  if (stage === 'backOfficeOnly') {
    return (
      <InfoPage title={t('test.title')} ready={ready} footer={false}>
        <p>{t('test.backOfficeOnly')}</p>
      </InfoPage>
    );
  }

  return (
    <InfoPage title={t('test.title')} ready={ready} footer={false}>
      <p>{t('test.intro')}</p>
      <form
        className="info-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          testLinks.send({ type: 'links.sign' });
        }}
      >
        <TextField {...field('machineId')} inputMode="numeric" />
        <TextField {...field('amount')} inputMode="decimal" dir="ltr" />
        <TextField {...field('description')} />
        <TextField {...field('successUrl')} type="url" dir="ltr" />
        <TextField {...field('failureUrl')} type="url" dir="ltr" />
        <div className="button-row">
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={!canSign}
            aria-busy={stage === 'signing'}
          >
            <ButtonLabel busy={stage === 'signing'}>
              {stage === 'signing' ? t('test.signing') : t('test.sign')}
            </ButtonLabel>
          </button>
        </div>
      </form>
      <section className="info-links" aria-live="polite">
        <h2>{t('test.links')}</h2>
        {!formComplete && <p className="field-error">{t('test.noLinks')}</p>}
        {failure && (
          <p className="field-error" role="alert">
            {t(`test.signFailed.${failure}`)}
          </p>
        )}
        {signed &&
          LINKS.map((name) => (
            <div key={name} className="info-link">
              <h3>
                <a href={signed[name]}>{t(`test.${name}`)}</a>
              </h3>
              <code className="info-link__text" dir="ltr">
                {signed[name]}
              </code>
            </div>
          ))}
      </section>
    </InfoPage>
  );
}
