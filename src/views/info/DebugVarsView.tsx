import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectDraft,
  selectProblem,
  selectSaved,
  selectStored,
} from '../../../machines/debug-vars/debug-vars.selectors';
import {
  BASE_HOST_IN_USE,
  debugVarsLogic,
  readDebugValues,
  storedBaseHost,
  type DebugValue,
} from '../../actors/debug-vars';
import { API_BASE_URL } from '../../config';
import { InfoPage } from './InfoPage';
import { problemText } from './problem-text';
import { TextField } from './TextField';
import { inspect } from '../../inspect';

function Values({ rows }: { rows: { name: ReactNode; value: ReactNode }[] }) {
  return (
    <dl className="info-page__details debug-vars__values">
      {rows.map(({ name, value }, index) => (
        <div key={index}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** requirements.md §2 /debug_vars: what this browser uses now, and the API base host, which can be changed here. */
export function DebugVarsView({ logic = debugVarsLogic }: { logic?: typeof debugVarsLogic }) {
  const { t, ready } = useTranslation('info');
  const debugVars = useActorRef(logic, { input: { stored: storedBaseHost() }, inspect });
  const draft = useSelector(debugVars, selectDraft);
  const stored = useSelector(debugVars, selectStored);
  const problem = useSelector(debugVars, selectProblem);
  const saved = useSelector(debugVars, selectSaved);
  // Read once: these are what the page found when it opened.
  const [{ storage, cookies }] = useState(readDebugValues);

  const raw = (value: string | null) =>
    value === null ? (
      <span className="debug-vars__unset">{t('debugVars.notSet')}</span>
    ) : (
      <code dir="ltr">{value}</code>
    );
  const named = ({ name, value }: DebugValue) => ({ name: <code dir="ltr">{name}</code>, value: raw(value) });
  const { lang, dir } = document.documentElement;

  return (
    <InfoPage title={t('debugVars.title')} ready={ready} footer={false}>
      <p>{t('debugVars.intro')}</p>
      <section>
        <h2>{t('debugVars.api')}</h2>
        <Values
          rows={[
            { name: t('debugVars.inUse'), value: raw(BASE_HOST_IN_USE) },
            {
              name: (
                <>
                  {t('debugVars.buildDefault')} (<code dir="ltr">VITE_API_BASE_URL</code>)
                </>
              ),
              value: API_BASE_URL ? raw(API_BASE_URL) : t('debugVars.thisOrigin'),
            },
            {
              name: (
                <>
                  {t('debugVars.stored')} (<code dir="ltr">base_host</code>)
                </>
              ),
              value: raw(stored),
            },
          ]}
        />
      </section>
      <section>
        <h2>{t('debugVars.form')}</h2>
        <form
          className="info-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            debugVars.send({ type: 'baseHost.save' });
          }}
        >
          <TextField
            label={t('debugVars.baseHost')}
            hint={t('debugVars.hint')}
            value={draft}
            onChange={(value) => debugVars.send({ type: 'baseHost.change', value })}
            error={problemText(t, problem)}
            type="url"
            inputMode="url"
            dir="ltr"
          />
          <div className="button-row">
            <button type="submit" className="button button--primary">
              {t('debugVars.save')}
            </button>
            <button type="button" className="button" onClick={() => debugVars.send({ type: 'baseHost.reset' })}>
              {t('debugVars.useDefault')}
            </button>
          </div>
          <p role="status" className="debug-vars__status">
            {saved === 'custom' && t('debugVars.saved', { host: stored })}
            {saved === 'default' && t('debugVars.defaultRestored')}
          </p>
        </form>
      </section>
      <section>
        <h2>{t('debugVars.storage')}</h2>
        <Values rows={storage.map(named)} />
      </section>
      <section>
        <h2>{t('debugVars.cookies')}</h2>
        <Values rows={cookies.map(named)} />
      </section>
      <section>
        <h2>{t('debugVars.document')}</h2>
        <Values
          rows={[
            { name: t('debugVars.language'), value: raw(lang) },
            { name: t('debugVars.direction'), value: raw(dir) },
          ]}
        />
      </section>
    </InfoPage>
  );
}
