/**
 * A machine definition as the diagrams see it: the state tree (kinds, tags, invocations, initial
 * children) and every edge of machines/graph/statechart-edges.ts with a label a designer can read:
 * `event [guard]`, `after 1250ms (splashSlide)`, `done: setPurchase`, `error: setPurchase`, `always`.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { ALWAYS, edgeDefinitions, listEdges, type Edge } from '../../machines/graph/statechart-edges';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  /** The state node id (`purchase.SELECT_PAYMENT_METHOD.ChoosingMethod`), as `data-state-id`. */
  id: string;
  /** Its key in the parent (the machine id for the root). */
  key: string;
  kind: StateKind;
  /** A region of a parallel state (drawn dashed). */
  region: boolean;
  tags: string[];
  /** `fetchMenu`, or `id (src)` when the invocation is named apart from its logic. */
  invokes: string[];
  /** The id of the initial child (none for parallel and atomic states). */
  initial: string | undefined;
  children: ChartState[];
  /** Edges that stay in this state (no target, or itself): written inside it, not drawn as arrows. */
  selfEdges: ChartEdge[];
}

export interface ChartEdge extends Edge {
  /** The event written on the edge, e.g. `done: setPurchase`. */
  event: string;
  /** The guard with its fixed parameter, e.g. `methodIs(google_pay)`. */
  guardLabel: string | undefined;
  /** `event [guard]` */
  label: string;
}

export interface Chart {
  id: string;
  root: ChartState;
  /** Every edge, in the order of listEdges. */
  edges: ChartEdge[];
}

const AFTER = 'xstate.after.';
const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';

/** `xstate.after.<delay>.<source id>`: the delay with its length when the machine names it. */
function afterLabel(machine: AnyStateMachine, eventType: string, source: string): string {
  const delay = eventType.slice(AFTER.length, eventType.length - source.length - 1);
  if (/^\d+$/.test(delay)) return `after ${delay}ms`;
  const value: unknown = (machine.implementations.delays as Record<string, unknown>)[delay];
  return typeof value === 'number' ? `after ${value}ms (${delay})` : `after ${delay}`;
}

export function eventLabel(machine: AnyStateMachine, edge: Edge): string {
  const { eventType, source } = edge;
  if (eventType === ALWAYS) return 'always';
  if (eventType.startsWith(AFTER) && eventType.endsWith(`.${source}`)) return afterLabel(machine, eventType, source);
  if (eventType.startsWith(DONE_ACTOR)) return `done: ${eventType.slice(DONE_ACTOR.length)}`;
  if (eventType.startsWith(ERROR_ACTOR)) return `error: ${eventType.slice(ERROR_ACTOR.length)}`;
  if (eventType.startsWith(DONE_STATE)) {
    const state = eventType.slice(DONE_STATE.length);
    return state === source ? 'done' : `done: ${state}`;
  }
  return eventType;
}

/** The guard's name, with its parameter when that is a fixed value (`methodIs(google_pay)`). */
function guardLabel(edge: Edge, definition: AnyTransitionDefinition | undefined): string | undefined {
  if (!edge.guard) return undefined;
  const guard: unknown = definition?.guard;
  if (typeof guard === 'object' && guard !== null && 'params' in guard) {
    const { params } = guard;
    if (typeof params === 'string' || typeof params === 'number' || typeof params === 'boolean') {
      return `${edge.guard}(${String(params)})`;
    }
  }
  return edge.guard;
}

function kindOf(node: AnyStateNode): StateKind {
  if (node.type === 'final' || node.type === 'history' || node.type === 'parallel') return node.type;
  return Object.keys(node.states).length > 0 ? 'compound' : 'atomic';
}

function invokeLabel(invoke: { id: string; src: unknown }): string {
  return typeof invoke.src === 'string' && invoke.src !== invoke.id ? `${invoke.id} (${invoke.src})` : invoke.id;
}

/** An edge that leaves nothing: no target, or its own source. */
export function staysInSource(edge: Edge): boolean {
  return edge.targets.length === 0 || (edge.targets.length === 1 && edge.targets[0] === edge.source);
}

export function chartOf(machine: AnyStateMachine): Chart {
  const definitions = edgeDefinitions(machine);
  const edges = listEdges(machine).map((edge): ChartEdge => {
    const event = eventLabel(machine, edge);
    const guard = guardLabel(edge, definitions.get(edge));
    return { ...edge, event, guardLabel: guard, label: guard ? `${event} [${guard}]` : event };
  });
  const build = (node: AnyStateNode, region: boolean): ChartState => {
    const kind = kindOf(node);
    const initialTarget = kind === 'compound' ? node.initial.target[0] : undefined;
    return {
      id: node.id,
      key: node.parent ? node.key : machine.id,
      kind,
      region,
      tags: [...node.tags],
      invokes: node.invoke.map(invokeLabel),
      initial: initialTarget?.id,
      children: Object.values(node.states).map((child) => build(child as AnyStateNode, kind === 'parallel')),
      selfEdges: edges.filter((edge) => edge.source === node.id && staysInSource(edge)),
    };
  };
  return { id: machine.id, root: build(machine.root, false), edges };
}

/** The state and all its descendants, depth first. */
export function flattenStates(state: ChartState): ChartState[] {
  return [state, ...state.children.flatMap(flattenStates)];
}
