/**
 * The development live view (`?inspect`, loaded lazily by ./index.ts, never in a production build):
 * a panel with the chart of each running machine actor, from visualizations/<machine id>.svg,
 * with its current states (`data-state-id`) and the transitions of its last step (`data-edge-id`)
 * highlighted as the visitor clicks through the app. No network: the charts come with the dev
 * server's modules.
 */
import type { ActorRefLike, AnyMachineSnapshot, AnyStateMachine, InspectionEvent, StateValue } from 'xstate';
import { allStateNodes, edgeOf } from '../../machines/graph/statechart-edges';

/** The charts `npm run visualize` wrote, each loaded when an actor of its machine first shows up. */
const charts = import.meta.glob<string>('../../visualizations/*.svg', { query: '?raw', import: 'default' });

const PANEL_ID = 'pay-live-view';
const CHART_SCALE = 0.6;
const FINISHED_MS = 4000;

const STYLES = `
#${PANEL_ID} { position: fixed; inset-block-end: 8px; inset-inline-end: 8px; z-index: 2147483000;
  inline-size: min(560px, calc(100vw - 16px)); max-block-size: 70vh; overflow: auto; background: #fff;
  color: #111827; border: 1px solid #94a3b8; border-radius: 8px; box-shadow: 0 4px 24px rgb(0 0 0 / 0.2);
  font: 12px/1.4 system-ui, sans-serif; }
#${PANEL_ID} header { position: sticky; inset-block-start: 0; display: flex; align-items: center; gap: 8px;
  padding: 6px 10px; background: #f1f5f9; border-block-end: 1px solid #cbd5e1; }
#${PANEL_ID} h2 { font-size: 13px; margin: 0; margin-inline-end: auto; }
#${PANEL_ID} h3 { font-size: 12px; margin: 8px 10px 2px; }
#${PANEL_ID} .live-view__state { margin: 0 10px 4px; font-family: ui-monospace, monospace; color: #15803d; }
#${PANEL_ID} .live-view__chart { margin: 0 10px 10px; max-block-size: 300px; overflow: auto; border: 1px solid #e2e8f0; }
#${PANEL_ID} .live-view__chart svg { display: block; }
#${PANEL_ID} [data-state-id].is-active > rect:first-of-type { stroke: #16a34a; stroke-width: 4; }
#${PANEL_ID} [data-state-id].is-active:not(.state--parallel, .state--compound, .state--region) > rect:first-of-type { fill: #dcfce7; }
#${PANEL_ID} [data-edge-id].is-taken path { stroke: #ea580c; stroke-width: 3; }
#${PANEL_ID} [data-edge-id].is-taken text { fill: #c2410c; font-weight: 700; }
`;

interface Watched {
  machine: AnyStateMachine;
  section: HTMLElement;
  state: HTMLElement;
  chart: HTMLElement;
  /** The edges taken by the microsteps of the step in progress. */
  taken: Set<string>;
  snapshot: AnyMachineSnapshot | undefined;
}

/** The machine behind an actor; promise and callback actors have none and are not shown. */
function machineOf(actorRef: ActorRefLike): AnyStateMachine | undefined {
  const logic: unknown = (actorRef as { logic?: unknown }).logic;
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'id' in logic
    ? (logic as AnyStateMachine)
    : undefined;
}

/** `['a', 'b', 'c']` -> `{ a: { b: 'c' } }` */
function pathValue(path: readonly string[]): StateValue {
  const last = path.at(-1) ?? '';
  return path.slice(0, -1).reduceRight<StateValue>((value, key) => ({ [key]: value }), last);
}

/** The ids of the active state nodes below the root, outermost first. */
function activeStateIds(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  return allStateNodes(machine.root)
    .filter((node) => node.path.length > 0 && snapshot.matches(pathValue(node.path)))
    .map((node) => node.id);
}

/** The active leaves as dotted paths, e.g. `SELECT_PAYMENT_METHOD.ChoosingMethod`. */
function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [key] : leafPaths(child).map((path) => `${key}.${path}`),
  );
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}

function createPanel(): HTMLElement {
  const style = element('style', STYLES);
  const panel = element('section');
  panel.id = PANEL_ID;
  panel.dir = 'ltr';
  panel.setAttribute('aria-label', 'Statecharts, live');
  const header = element('header');
  const toggle = element('button', 'Hide');
  toggle.type = 'button';
  toggle.setAttribute('aria-expanded', 'true');
  const actors = element('div');
  toggle.addEventListener('click', () => {
    const open = actors.hidden;
    actors.hidden = !open;
    toggle.textContent = open ? 'Hide' : 'Show';
    toggle.setAttribute('aria-expanded', String(open));
  });
  header.append(element('h2', 'Statecharts (live)'), toggle);
  panel.append(header, actors);
  document.head.append(style);
  document.body.append(panel);
  return actors;
}

/** Scrolls the chart box so that the innermost active state is in sight. */
function reveal(chart: HTMLElement, node: Element) {
  const box = node.getBoundingClientRect();
  const frame = chart.getBoundingClientRect();
  chart.scrollBy({
    left: box.left + box.width / 2 - (frame.left + frame.width / 2),
    top: box.top + box.height / 2 - (frame.top + frame.height / 2),
  });
}

function highlight(watched: Watched) {
  const { machine, snapshot, chart } = watched;
  if (!snapshot) return;
  watched.state.textContent = `${leafPaths(snapshot.value as StateValue).join(' + ')}${snapshot.status === 'active' ? '' : ` (${snapshot.status})`}`;
  const svg = chart.querySelector('svg');
  if (!svg) return;
  const active = new Set(activeStateIds(machine, snapshot));
  for (const node of svg.querySelectorAll<SVGGElement>('[data-state-id]')) {
    node.classList.toggle('is-active', active.has(node.dataset.stateId ?? ''));
  }
  if (watched.taken.size > 0) {
    for (const node of svg.querySelectorAll<SVGGElement>('[data-edge-id]')) {
      node.classList.toggle('is-taken', watched.taken.has(node.dataset.edgeId ?? ''));
    }
  }
  const innermost = [...svg.querySelectorAll('[data-state-id].is-active')].at(-1);
  if (innermost) reveal(chart, innermost);
}

async function loadChart(watched: Watched) {
  const load = charts[`../../visualizations/${watched.machine.id}.svg`];
  if (!load) {
    watched.chart.textContent = `No chart for ${watched.machine.id}: add it to scripts/machines.ts and run npm run visualize.`;
    return;
  }
  watched.chart.innerHTML = await load();
  const svg = watched.chart.querySelector('svg');
  if (svg) {
    for (const size of ['width', 'height']) {
      svg.setAttribute(size, String(Math.round(Number(svg.getAttribute(size)) * CHART_SCALE)));
    }
  }
  highlight(watched);
}

export function startLiveView(): (event: InspectionEvent) => void {
  const actors = createPanel();
  const watching = new Map<string, Watched>();

  const forget = (actorRef: ActorRefLike) => {
    watching.get(actorRef.sessionId)?.section.remove();
    watching.delete(actorRef.sessionId);
  };

  const watch = (actorRef: ActorRefLike, machine: AnyStateMachine): Watched => {
    const known = watching.get(actorRef.sessionId);
    if (known) return known;
    const section = element('section');
    const id = (actorRef as { id?: string }).id;
    const state = element('p');
    state.className = 'live-view__state';
    state.setAttribute('aria-live', 'polite');
    const chart = element('div');
    chart.className = 'live-view__chart';
    // invoked and spawned actors have the id their parent gave them; a root actor has a generated one
    const named = id && id !== machine.id && !id.startsWith('x:');
    section.append(element('h3', named ? `${machine.id} (${id})` : machine.id), state, chart);
    actors.append(section);
    const watched: Watched = { machine, section, state, chart, taken: new Set(), snapshot: undefined };
    watching.set(actorRef.sessionId, watched);
    void loadChart(watched);
    return watched;
  };

  return (event) => {
    if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
    const machine = machineOf(event.actorRef);
    if (!machine) return;
    const watched = watch(event.actorRef, machine);
    if (event.type === '@xstate.microstep') {
      for (const definition of event._transitions) {
        const edge = edgeOf(machine, definition);
        if (edge) watched.taken.add(edge.id);
      }
      return;
    }
    const snapshot = event.snapshot as AnyMachineSnapshot;
    if (snapshot.status === 'stopped') {
      forget(event.actorRef);
      return;
    }
    watched.snapshot = snapshot;
    highlight(watched);
    watched.taken.clear();
    // a finished actor shows its final state for a moment (its parent stops it without telling)
    if (snapshot.status !== 'active') setTimeout(() => forget(event.actorRef), FINISHED_MS);
  };
}
