/**
 * The pure half of the model-based browser tests: walks a chart with the events its model can
 * produce in a browser (breadth first, with xstate's pure `transition`), finds for every edge the
 * shortest walk that fires it, and keeps few walks that together fire every edge they can.
 * Nothing here touches a browser; ids come from machines/graph/statechart-edges.ts, as in coverage.json.
 */
import {
  __unsafe_getAllOwnEventDescriptors,
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type StateValue,
} from 'xstate';
import { firedEdges } from '../../../machines/graph/statechart-edges';

/**
 * What one step of a path sends the chart: one event, or an event and what the app answers it with
 * at once (closing the drawer while a method runs ends that method), all made by one driver.
 */
export type Move = readonly EventObject[];

export interface Step {
  events: Move;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /** The ids of the edges the step fires, in order. */
  edges: readonly string[];
}

export interface ChartPath {
  initial: AnyMachineSnapshot;
  steps: readonly Step[];
}

export const lastSnapshot = (path: ChartPath): AnyMachineSnapshot => path.steps.at(-1)?.after ?? path.initial;

/** Whether the actor `id` (an invoked chart) runs in this snapshot. */
export const runs = (snapshot: AnyMachineSnapshot, id: string): boolean =>
  (snapshot.children as Record<string, unknown>)[id] !== undefined;

export interface Walk {
  machine: AnyStateMachine;
  input: unknown;
  /** The moves to try in a snapshot. */
  moves: (snapshot: AnyMachineSnapshot) => Move[];
  /** What tells snapshots apart on this walk: the state and every context field a guard reads, bounded. */
  key: (snapshot: AnyMachineSnapshot) => string;
}

export interface Explored {
  /** One shortest path to every distinct snapshot, in breadth-first order. */
  nodes: ChartPath[];
  /** The shortest path that fires each edge the walk reaches. */
  edgePaths: Map<string, ChartPath>;
}

/** The event types a snapshot's active states handle. */
export const acceptedEvents = (snapshot: AnyMachineSnapshot): string[] =>
  __unsafe_getAllOwnEventDescriptors(snapshot) as string[];

/** The move as a step, or undefined when the chart ignores one of its events there. */
export function applyMove(machine: AnyStateMachine, before: AnyMachineSnapshot, events: Move): Step | undefined {
  let after = before;
  const edges: string[] = [];
  for (const event of events) {
    const fired = firedEdges(machine, after, event);
    if (fired.length === 0) return undefined;
    edges.push(...fired.map((edge) => edge.id));
    [after] = transition(machine, after, event);
  }
  return { events, before, after, edges };
}

export function explore(walk: Walk, limit = 5_000): Explored {
  const [initial] = initialTransition(walk.machine, walk.input);
  const nodes: ChartPath[] = [{ initial, steps: [] }];
  const seen = new Set([walk.key(initial)]);
  const edgePaths = new Map<string, ChartPath>();
  for (let index = 0; index < nodes.length; index += 1) {
    const path = nodes[index] as ChartPath;
    const snapshot = lastSnapshot(path);
    if (snapshot.status !== 'active') continue;
    for (const move of walk.moves(snapshot)) {
      const step = applyMove(walk.machine, snapshot, move);
      if (!step) continue;
      const next: ChartPath = { initial, steps: [...path.steps, step] };
      for (const edge of step.edges) if (!edgePaths.has(edge)) edgePaths.set(edge, next);
      const key = walk.key(step.after);
      if (seen.has(key)) continue;
      seen.add(key);
      nodes.push(next);
      if (nodes.length > limit) throw new Error(`${walk.machine.id}: more than ${limit} snapshots; bound the walk`);
    }
  }
  return { nodes, edgePaths };
}

/**
 * Few paths that fire every edge the candidates fire: each round keeps the candidate that fires
 * the most edges not fired yet (the one with fewer steps on a tie, then the earlier one), as in a
 * set cover.
 */
export function selectPaths<T extends { edges: ReadonlySet<string>; steps: readonly unknown[] }>(
  candidates: readonly T[],
): T[] {
  const needed = new Set(candidates.flatMap((candidate) => [...candidate.edges]));
  const chosen: T[] = [];
  while (needed.size > 0) {
    let best: T | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = [...candidate.edges].filter((edge) => needed.has(edge)).length;
      const shorter = best !== undefined && candidate.steps.length < best.steps.length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && shorter)) [best, bestGain] = [candidate, gain];
    }
    if (!best) break;
    chosen.push(best);
    for (const edge of best.edges) needed.delete(edge);
  }
  return chosen;
}

/** The active state nodes of a state value under `node`, parents before their children. */
export function activeNodes(node: AnyStateNode, value: StateValue): AnyStateNode[] {
  const child = (key: string) => {
    const found = node.states[key] as AnyStateNode | undefined;
    if (!found) throw new Error(`${node.id} has no state ${key}`);
    return found;
  };
  if (typeof value === 'string') return [child(value)];
  return Object.entries(value).flatMap(([key, inner]) =>
    inner === undefined ? [child(key)] : [child(key), ...activeNodes(child(key), inner)],
  );
}

/** The ids of the active states, deepest first. */
export const activeIds = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] =>
  activeNodes(machine.root, snapshot.value as StateValue)
    .map((node) => node.id)
    .reverse();

/** The atomic and final states active in a snapshot. */
export const activeLeaves = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AnyStateNode[] =>
  activeNodes(machine.root, snapshot.value as StateValue).filter((node) => Object.keys(node.states).length === 0);

/** The atomic and final states a transition into `node` ends in (its initial descendants). */
export function enteredLeaves(node: AnyStateNode): AnyStateNode[] {
  if (Object.keys(node.states).length === 0) return [node];
  if (node.type === 'parallel') return Object.values(node.states).flatMap((child) => enteredLeaves(child));
  return (node.initial.target as AnyStateNode[]).flatMap((child) => enteredLeaves(child));
}
