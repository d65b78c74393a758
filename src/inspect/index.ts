import type { InspectionEvent } from 'xstate';
import { analyticsInspect } from '../observability';

type Inspector = (event: InspectionEvent) => void;

/**
 * The live view's inspector, for `useActorRef(logic, { input, inspect })`: in development
 * (`npm run dev`) with `?inspect` in the address, a panel shows the chart of each running actor and
 * highlights its current states and the transitions just taken. Everything else gets `undefined`:
 * in a production build `import.meta.env.DEV` is false, so this branch and the lazily loaded panel
 * (with the charts of visualizations/) are dropped from the bundle.
 */
const live =
  import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect') ? liveInspector() : undefined;

/** The live view's and, when configured, analytics' (src/observability) inspectors, as one. */
export const inspect: Inspector | undefined =
  live && analyticsInspect ? both(live, analyticsInspect) : (live ?? analyticsInspect);

function both(first: Inspector, second: Inspector): Inspector {
  return (event) => {
    first(event);
    second(event);
  };
}

/** Forwards inspection events to the panel once its module has loaded; the first ones wait for it. */
function liveInspector(): Inspector {
  let deliver: Inspector | undefined;
  const early: InspectionEvent[] = [];
  void import('./live-view').then(({ startLiveView }) => {
    deliver = startLiveView();
    for (const event of early.splice(0)) deliver(event);
  });
  return (event) => {
    if (deliver) deliver(event);
    else early.push(event);
  };
}
