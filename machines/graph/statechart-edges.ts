/**
 * The edges of a statechart: every transition definition of a machine, each listed once at the state
 * node that defines it (events, `xstate.done.actor.*`, `xstate.error.actor.*`, `xstate.after.*`, each
 * guarded alternative separately; `always` edges too, so that a hidden eventless edge shows up).
 *
 * Shared by the path tests' edge coverage (tests/paths/edge-coverage.ts), the diagrams
 * (scripts/visualize.ts) and the development live view (src/inspect/), so that an edge has the same
 * id in coverage.json, the SVG, the explorer and the live view.
 * Pure: it reads the machine definition only (no vitest, no graph walker).
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';

export interface Edge {
  /** `"<source id> -> <target ids or 'self'> on <eventType>[ [guard type]]"` */
  id: string;
  source: string;
  eventType: string;
  targets: string[];
  guard: string | undefined;
}

/** The event type under which `always` edges are listed. */
export const ALWAYS = '(always)';

export function guardName(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  // an inline guard takes the name of its property (`guard`); `and`/`or`/`not` keep theirs
  if (typeof guard === 'function') return guard.name && guard.name !== 'guard' ? guard.name : 'inline';
  return 'inline';
}

function edgeId(definition: AnyTransitionDefinition, eventType: string): string {
  const targets = definition.target?.map((node: AnyStateNode) => node.id).join(', ') || 'self';
  const guard = guardName(definition.guard);
  return `${definition.source.id} -> ${targets} on ${eventType}${guard ? ` [${guard}]` : ''}`;
}

/** The node and all its descendants, depth first, in definition order. */
export function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

interface EdgeIndex {
  edges: Edge[];
  byDefinition: Map<AnyTransitionDefinition, Edge>;
}

const edgeIndexes = new WeakMap<AnyStateMachine, EdgeIndex>();

function edgeIndex(machine: AnyStateMachine): EdgeIndex {
  const known = edgeIndexes.get(machine);
  if (known) return known;
  const edges: Edge[] = [];
  const byDefinition = new Map<AnyTransitionDefinition, Edge>();
  const seenIds = new Map<string, number>();
  const add = (definition: AnyTransitionDefinition, eventType: string) => {
    let id = edgeId(definition, eventType);
    const seen = seenIds.get(id) ?? 0;
    seenIds.set(id, seen + 1);
    if (seen > 0) id = `${id} #${seen + 1}`; // two identical definitions stay two edges
    const edge: Edge = {
      id,
      source: definition.source.id,
      eventType,
      targets: definition.target?.map((node: AnyStateNode) => node.id) ?? [],
      guard: guardName(definition.guard),
    };
    edges.push(edge);
    byDefinition.set(definition, edge);
  };
  for (const node of allStateNodes(machine.root)) {
    for (const [eventType, definitions] of node.transitions) {
      for (const definition of definitions) add(definition, eventType);
    }
    for (const definition of node.always ?? []) add(definition, ALWAYS);
  }
  const index = { edges, byDefinition };
  edgeIndexes.set(machine, index);
  return index;
}

/** Every transition definition of the machine, each counted once at the state node defining it. */
export function listEdges(machine: AnyStateMachine): Edge[] {
  return edgeIndex(machine).edges;
}

/** The transition definition behind an edge (for its guard's params, its delay ...). */
export function edgeDefinitions(machine: AnyStateMachine): Map<Edge, AnyTransitionDefinition> {
  return new Map([...edgeIndex(machine).byDefinition].map(([definition, edge]) => [edge, definition]));
}

/** The edge of a transition definition of the machine (none for its initial transitions). */
export function edgeOf(machine: AnyStateMachine, definition: AnyTransitionDefinition): Edge | undefined {
  return edgeIndex(machine).byDefinition.get(definition);
}

/** The edges that `event` fires from `snapshot` (guards evaluated, one per parallel region). */
export function firedEdges(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): Edge[] {
  return machine.getTransitionData(snapshot, event).flatMap((definition) => {
    const edge = edgeOf(machine, definition);
    if (!edge) throw new Error(`transition on ${event.type} is not one of the machine's listed edges`);
    return [edge];
  });
}
