import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { reportRenderError } from './observability';
import { routeTree } from './routeTree.gen';

/**
 * Query values stay the plain strings the QR code carries (the router's default would turn
 * `machine_id=1001` into a number and write it back as `"1001"`); each route's schema reads them.
 */
function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params.set(key, String(value));
    }
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    parseSearch,
    stringifySearch,
    // A page that fails to render shows the error page (fetched then: it is not part of the first load),
    // reported when error reporting is configured.
    defaultErrorComponent: lazyRouteComponent(() => import('./observability/ErrorPage'), 'ErrorPage'),
    defaultOnCatch: reportRenderError,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
