import type { captureException, init } from '@sentry/react';

/** Where errors go: Sentry, or a fake in tests. */
export interface ErrorReporter {
  /** An uncaught error or rejection, or a render error with React's component stack. */
  report(error: unknown, componentStack?: string): void;
}

/** The part of @sentry/react this app uses. */
export interface SentryApi {
  init: typeof init;
  captureException: typeof captureException;
}

/** Drops the query, which may carry a phone number or an amount (/customPaymentIframe, wheelshare calls). */
const withoutQuery = (address: string) => address.replace(/[?#].*$/, '');

/**
 * Reports to Sentry. @sentry/react is its own chunk, fetched once the page has loaded so it never
 * competes with the first render; errors until then wait for it. Our own listeners catch uncaught
 * errors from the start (reportUncaughtErrors), so Sentry's global handlers are off (no double
 * reports), and its breadcrumbs too (they would record addresses with queries).
 */
export function sentryReporter(
  dsn: string,
  load: () => Promise<SentryApi> = () => import('@sentry/react'),
  target: Window = window,
): ErrorReporter {
  const waiting: [unknown, string | undefined][] = [];
  let sentry: SentryApi | undefined;
  const send = (api: SentryApi, error: unknown, componentStack: string | undefined) =>
    api.captureException(error, componentStack ? { contexts: { react: { componentStack } } } : undefined);
  const start = () =>
    load().then(
      (api) => {
        api.init({
          dsn,
          integrations: (defaults) =>
            defaults.filter(({ name }) => name !== 'GlobalHandlers' && name !== 'Breadcrumbs'),
          beforeSend: (event) => {
            if (event.request?.url) event.request.url = withoutQuery(event.request.url);
            return event;
          },
        });
        sentry = api;
        for (const [error, componentStack] of waiting.splice(0)) send(api, error, componentStack);
      },
      () => undefined, // no reporting today (offline, blocked): the page goes on
    );
  if (target.document.readyState === 'complete') void start();
  else target.addEventListener('load', () => void start(), { once: true });
  return {
    report(error, componentStack) {
      if (sentry) send(sentry, error, componentStack);
      else waiting.push([error, componentStack]);
    },
  };
}

/** Hands every uncaught error and unhandled rejection of the page to the reporter; answers how to stop. */
export function reportUncaughtErrors(reporter: ErrorReporter, target: Window = window): () => void {
  const onError = (event: ErrorEvent) => reporter.report(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => reporter.report(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
