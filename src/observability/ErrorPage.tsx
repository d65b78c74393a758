import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/Logo';
import { DEFAULT_SUPPORT_PHONE } from '../config';
import { MachineMessage } from '../components/MachineMessage';

/**
 * The router's error page (defaultErrorComponent): a page that failed to render shows what happened
 * and a way forward, a fresh start (a reload never re-sends a payment) or a call to support.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus on the heading, so a screen reader says what happened in place of the page that was there.
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="page page--centered">
      <Logo variant="colour" className="welcome__logo" />
      <h1 ref={heading} tabIndex={-1}>
        {t('error.title')}
      </h1>
      <MachineMessage
        message={t('machine.unavailable')}
        supportPhone={DEFAULT_SUPPORT_PHONE}
        onRetry={() => window.location.reload()}
      />
    </main>
  );
}
