import type { InspectionEvent } from 'xstate';
import { analyticsInspect } from '../observability';

type Inspector = (event: InspectionEvent) => void;

/**
 * The development inspector, for `useActorRef(logic, { input, inspect })`, in `npm run dev` only:
 * - `?inspect` in the address: a panel of our own shows the chart of each running actor and highlights its
 *   current states and the transitions just taken (offline: the charts of visualizations/);
 * - `?inspect=stately`: Stately's inspector (`@statelyai/inspect`) opens in a new window at stately.ai
 *   (online) with the running actors, their events and snapshots.
 * Everything else gets `undefined`: in a production build `import.meta.env.DEV` is false, so this branch
 * and the lazily loaded inspectors are dropped from the bundle.
 */
const requested = import.meta.env.DEV ? new URLSearchParams(window.location.search).get('inspect') : null;
const live =
  requested === null
    ? undefined
    : requested === 'stately'
      ? whenLoaded(() => import('./stately').then(({ startStatelyInspector }) => startStatelyInspector()))
      : whenLoaded(() => import('./live-view').then(({ startLiveView }) => startLiveView()));

/** The live view's and, when configured, analytics' (src/observability) inspectors, as one. */
export const inspect: Inspector | undefined =
  live && analyticsInspect ? both(live, analyticsInspect) : (live ?? analyticsInspect);

function both(first: Inspector, second: Inspector): Inspector {
  return (event) => {
    first(event);
    second(event);
  };
}

/** Forwards inspection events to an inspector once its module has loaded; the first ones wait for it. */
function whenLoaded(load: () => Promise<Inspector>): Inspector {
  let deliver: Inspector | undefined;
  const early: InspectionEvent[] = [];
  void load().then((loaded) => {
    deliver = loaded;
    for (const event of early.splice(0)) deliver(event);
  });
  return (event) => {
    if (deliver) deliver(event);
    else early.push(event);
  };
}
