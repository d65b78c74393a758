import type { ErrorInfo } from 'react';
import type { InspectionEvent } from 'xstate';
import { beaconAnalytics, clickInspector } from './analytics';
import { reportUncaughtErrors, sentryReporter } from './error-reporter';

/*
 * Error reporting and analytics, each on only when its build setting is filled in (.env). Vite writes
 * the settings into the code, so an empty one leaves `undefined` here and the bundler drops the
 * adapter behind it: nothing of either ships, loads or runs.
 */
const dsn = import.meta.env.VITE_SENTRY_DSN;
const measurementId = import.meta.env.VITE_ANALYTICS_ID;

const errorReporter = dsn ? sentryReporter(dsn) : undefined;
if (errorReporter) reportUncaughtErrors(errorReporter);

/** The router's onCatch: a render error its error page caught, with React's component stack. */
export const reportRenderError: ((error: unknown, info: ErrorInfo) => void) | undefined =
  errorReporter && ((error, info) => errorReporter.report(error, info.componentStack ?? undefined));

/** The charts' `inspect` addition (src/inspect): one analytics event per button click. */
export const analyticsInspect: ((inspection: InspectionEvent) => void) | undefined = measurementId
  ? clickInspector(beaconAnalytics(measurementId, import.meta.env.VITE_ANALYTICS_ENDPOINT))
  : undefined;
