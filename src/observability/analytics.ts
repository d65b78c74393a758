import type { InspectionEvent } from 'xstate';

/** One button click, named after the statechart event the button sent: nothing the visitor typed or paid with. */
export interface AnalyticsEvent {
  /** The event's type, e.g. `product.select`, `method.continue`. */
  name: string;
  /** The chart it was sent to, e.g. `purchase` (its machine id). */
  chart: string;
  /** The page's path, without its query (which may carry a phone number or an amount). */
  page: string;
}

/** Where analytics events go: the beacon transport, or a fake in tests. */
export interface Analytics {
  track(event: AnalyticsEvent): void;
}

/** Posts each event with navigator.sendBeacon (it survives the page leaving for Bit or a return URL). */
export function beaconAnalytics(
  measurementId: string,
  endpoint: string,
  send: (url: string, body: string) => boolean = (url, body) => navigator.sendBeacon(url, body),
): Analytics {
  return { track: (event) => void send(endpoint, JSON.stringify({ measurement_id: measurementId, ...event })) };
}

/**
 * An `inspect` option for the charts (src/inspect) that tracks the events a view sent while the
 * visitor clicked (a tap, or Enter/Space on a button): those have no source actor, and a click is
 * being dispatched. Typing, frame loads and an SDK's readiness are view events too, but not clicks.
 */
export function clickInspector(analytics: Analytics, target: Window = window): (inspection: InspectionEvent) => void {
  let lastClick: Event | undefined;
  // Capture on the window runs before React's listener on its root; eventPhase is NONE once dispatch ends.
  target.addEventListener('click', (click) => (lastClick = click), { capture: true });
  return (inspection) => {
    if (inspection.type !== '@xstate.event' || inspection.sourceRef !== undefined) return;
    if (inspection.event.type.startsWith('xstate.')) return; // an actor starting, not a view's event
    if (!lastClick || lastClick.eventPhase === Event.NONE) return;
    const logic = (inspection.actorRef as { logic?: { id?: unknown } }).logic;
    analytics.track({
      name: inspection.event.type,
      chart: typeof logic?.id === 'string' ? logic.id : 'unknown',
      page: target.location.pathname,
    });
  };
}
