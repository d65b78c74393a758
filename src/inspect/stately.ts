import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';

/**
 * Stately's inspector (`?inspect=stately` in `npm run dev`, src/inspect/index.ts): it opens stately.ai's
 * inspector in a new window and sends it every actor's events and snapshots. Development only, and online.
 */
export function startStatelyInspector(): (event: InspectionEvent) => void {
  const { inspect } = createBrowserInspector();
  return (event) => {
    inspect.next?.(event);
  };
}
