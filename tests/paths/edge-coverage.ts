/// <reference types="node" />
/**
 * Edge coverage for path tests (DESIGN §7.2): every transition definition of a machine is an edge,
 * and a machine's path tests must fire each of them at least once.
 *
 * - `listEdges(machine)` lists the machine's own edges (events, `xstate.done.actor.*`,
 *   `xstate.error.actor.*`, `xstate.after.*`, each guarded alternative separately; `always` edges are
 *   listed too, so that a hidden eventless edge shows up as uncovered).
 * - `coverEdges(machine, paths, input)` replays paths with xstate's pure functions and reports which
 *   edges fired.
 * - `describeEdgePaths(...)` generates paths with @xstate/graph, one `it` per path, plus a
 *   `covers every edge` test.
 * - `recordCoverage(...)` merges a result into visualizations/coverage.json when WRITE_COVERAGE=1.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getShortestPaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  initialTransition,
  SimulatedClock,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { firedEdges, listEdges } from '../../scripts/statechart-edges';

// ---------------------------------------------------------------------------------------------
// (a) Listing edges: scripts/statechart-edges.ts, shared with the diagrams (scripts/visualize.ts)

export { firedEdges, listEdges, type Edge } from '../../scripts/statechart-edges';

// ---------------------------------------------------------------------------------------------
// (b) Replaying paths and counting covered edges

export interface EdgeCoverage {
  edges: number;
  covered: number;
  uncovered: string[];
  /** The ids of the covered edges, to union results of several scenarios. */
  coveredIds: string[];
}

/** A path as @xstate/graph returns it; a leading `xstate.init` step is skipped on replay. */
export interface ReplayablePath {
  steps: ReadonlyArray<{ event: EventObject }>;
}

export function pathEvents(path: ReplayablePath): EventObject[] {
  const events = path.steps.map((step) => step.event);
  return events[0]?.type === 'xstate.init' ? events.slice(1) : events;
}

function coverage(machine: AnyStateMachine, coveredIds: ReadonlySet<string>): EdgeCoverage {
  const all = listEdges(machine).map((edge) => edge.id);
  const covered = all.filter((id) => coveredIds.has(id));
  return {
    edges: all.length,
    covered: covered.length,
    uncovered: all.filter((id) => !coveredIds.has(id)),
    coveredIds: covered,
  };
}

/**
 * Replays each path from the initial snapshot with the pure `initialTransition`/`transition`
 * functions and reports which of the machine's edges fired.
 */
export function coverEdges(machine: AnyStateMachine, paths: readonly ReplayablePath[], input?: unknown): EdgeCoverage {
  const coveredIds = new Set<string>();
  for (const path of paths) {
    let [snapshot] = initialTransition(machine, input);
    for (const event of pathEvents(path)) {
      for (const edge of firedEdges(machine, snapshot, event)) coveredIds.add(edge.id);
      [snapshot] = transition(machine, snapshot, event);
    }
  }
  return coverage(machine, coveredIds);
}

/** The union of several coverage results of the same machine. */
export function mergeCoverage(machine: AnyStateMachine, results: readonly EdgeCoverage[]): EdgeCoverage {
  return coverage(machine, new Set(results.flatMap((result) => result.coveredIds)));
}

// ---------------------------------------------------------------------------------------------
// Coverage report (visualizations/coverage.json)

const COVERAGE_FILE = fileURLToPath(new URL('../../visualizations/coverage.json', import.meta.url));

interface CoverageReport {
  machines: Record<string, { edges: number; covered: number; uncovered: string[] }>;
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Test files run in parallel workers: serialise the read-merge-write with a lock directory. */
function withLock(action: () => void) {
  const lock = `${COVERAGE_FILE}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (attempt > 200) throw new Error(`could not lock ${lock}: ${String(error)}`);
      sleep(25);
    }
  }
  try {
    action();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Merges one machine's coverage into visualizations/coverage.json
 * (`{"machines": {"<id>": {"edges", "covered", "uncovered"}}}`, keys sorted). Writes only when
 * WRITE_COVERAGE=1, so ordinary test runs leave tracked files alone.
 */
export function recordCoverage(machineId: string, result: Pick<EdgeCoverage, 'edges' | 'covered' | 'uncovered'>): void {
  if (process.env.WRITE_COVERAGE !== '1') return;
  mkdirSync(dirname(COVERAGE_FILE), { recursive: true });
  withLock(() => {
    const report: CoverageReport = existsSync(COVERAGE_FILE)
      ? (JSON.parse(readFileSync(COVERAGE_FILE, 'utf8')) as CoverageReport)
      : { machines: {} };
    const machines = { ...report.machines };
    machines[machineId] = { edges: result.edges, covered: result.covered, uncovered: [...result.uncovered].sort() };
    const sorted: CoverageReport = { machines: {} };
    for (const id of Object.keys(machines).sort()) {
      const entry = machines[id];
      if (entry) sorted.machines[id] = { edges: entry.edges, covered: entry.covered, uncovered: entry.uncovered };
    }
    const temporary = `${COVERAGE_FILE}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(sorted, null, 2)}\n`);
    renameSync(temporary, COVERAGE_FILE);
  });
}

// ---------------------------------------------------------------------------------------------
// (c) Generating paths and tests

/**
 * Event samples by event type. The graph tools only know event *types* (from the state nodes'
 * transitions) and would send `{ type }` alone; here every type a state accepts needs its samples:
 * `xstate.done.actor.*` with an `output`, `xstate.error.actor.*` with an `error`, and
 * parameterised guards one sample per branch. An empty array means "do not send it here" (used to
 * keep the traversal bounded). A missing type is an error, never a payload-less event.
 */
export type EventSamples = Readonly<Record<string, readonly EventObject[]>>;

/** Groups sample events by type. */
export function samplesOf<TEvent extends EventObject>(events: readonly TEvent[]): Record<string, TEvent[]> {
  const samples: Record<string, TEvent[]> = {};
  for (const event of events) (samples[event.type] ??= []).push(event);
  return samples;
}

export interface PathScenario {
  /** Shown in the test titles, e.g. the menu's product view. */
  label: string;
  input?: unknown;
  events: EventSamples | ((snapshot: AnyMachineSnapshot) => EventSamples);
  /**
   * The part of a snapshot the traversal keys on. It must keep every context field that a guard
   * reads, and stay bounded. The edges that led to the snapshot are appended to it, so that the
   * shortest paths reach every (state, incoming edge) pair and therefore every reachable edge.
   */
  serializeState: (snapshot: AnyMachineSnapshot) => string;
}

export type MachinePath = StatePath<AnyMachineSnapshot, EventObject>;

function eventsFor(scenario: PathScenario, snapshot: AnyMachineSnapshot): EventObject[] {
  const samples = typeof scenario.events === 'function' ? scenario.events(snapshot) : scenario.events;
  return (__unsafe_getAllOwnEventDescriptors(snapshot) as string[]).flatMap((type): EventObject[] => {
    const given = samples[type];
    if (!given) {
      throw new Error(`no event sample for ${type} (scenario ${scenario.label}): give it with its payload`);
    }
    return [...given];
  });
}

/** Like JSON.stringify, but tells errors apart (JSON.stringify(new Error('x')) is '{}'). */
function serializeEvent(event: EventObject): string {
  return JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error
      ? { name: value.name, message: value.message, ...Object.fromEntries(Object.entries(value)) }
      : value,
  );
}

/** Shortest paths to every (state, incoming edge) pair, without paths that prefix another one. */
export function generatePaths(machine: AnyStateMachine, scenario: PathScenario): MachinePath[] {
  const serializeState = (
    snapshot: AnyMachineSnapshot,
    event: EventObject | undefined,
    previous?: AnyMachineSnapshot,
  ) => {
    const base = scenario.serializeState(snapshot);
    if (!event || !previous || event.type === 'xstate.init') return base;
    const via = firedEdges(machine, previous, event).map((edge) => edge.id);
    return via.length === 0 ? base : `${base} via ${via.join(' & ')}`;
  };
  const paths = getShortestPaths(machine, {
    input: scenario.input,
    events: (snapshot: AnyMachineSnapshot) => eventsFor(scenario, snapshot),
    serializeState,
    serializeEvent,
    limit: 20_000,
  }) as MachinePath[];
  const keyOf = (path: MachinePath) => pathEvents(path).map(serializeEvent);
  const keyed = paths.map((path) => ({ path, key: keyOf(path) })).sort((a, b) => b.key.length - a.key.length);
  const kept: typeof keyed = [];
  for (const candidate of keyed) {
    const isPrefix = kept.some((longer) => candidate.key.every((event, i) => longer.key[i] === event));
    if (!isPrefix) kept.push(candidate);
  }
  return kept.map(({ path }) => path);
}

export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const details = Object.entries(payload)
    .map(
      ([key, value]) => `${key}: ${value instanceof Error ? `${value.name}(${value.message})` : JSON.stringify(value)}`,
    )
    .join(', ');
  return details ? `${type} {${details}}` : type;
}

export function describePath(path: MachinePath): string {
  const events = pathEvents(path);
  const route = events.length ? events.map(describeEvent).join(' → ') : '(initial)';
  return `reaches ${JSON.stringify(path.state.value)}: ${route}`;
}

/**
 * Replays a path on a live actor (fakes provided, a simulated clock so that no delay fires by
 * itself) and checks the state value after every step.
 */
export function replayOnActor(machine: AnyStateMachine, path: MachinePath, input?: unknown): void {
  const actor = createActor(machine, { input, clock: new SimulatedClock() });
  const errors: unknown[] = [];
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  try {
    const steps = path.steps[0]?.event.type === 'xstate.init' ? path.steps.slice(1) : path.steps;
    for (const step of steps) {
      actor.send(step.event);
      expect(errors, `actor failed on ${describeEvent(step.event)}`).toEqual([]);
      expect(actor.getSnapshot().value, `after ${describeEvent(step.event)}`).toEqual(step.state.value);
    }
    expect(actor.getSnapshot().value).toEqual(path.state.value);
  } finally {
    actor.stop();
  }
}

export interface EdgePathSuite {
  /** The key in coverage.json. */
  machineId: string;
  /** The machine with its fakes and child stand-ins provided. */
  machine: AnyStateMachine;
  scenarios: readonly PathScenario[];
}

/**
 * One `describe` per machine: one `it` per generated path (replayed on a live actor), and a
 * `covers every edge` test over the union of all scenarios' paths.
 */
export function describeEdgePaths({ machineId, machine, scenarios }: EdgePathSuite): void {
  describe(`${machineId} paths`, () => {
    const generated = scenarios.map((scenario) => ({ scenario, paths: generatePaths(machine, scenario) }));

    for (const { scenario, paths } of generated) {
      describe(scenario.label, () => {
        for (const path of paths) {
          it(describePath(path), () => replayOnActor(machine, path, scenario.input));
        }
      });
    }

    it('covers every edge', () => {
      const result = mergeCoverage(
        machine,
        generated.map(({ scenario, paths }) => coverEdges(machine, paths, scenario.input)),
      );
      recordCoverage(machineId, result);
      expect(result.uncovered, `${result.covered}/${result.edges} edges covered`).toEqual([]);
      expect(result.covered).toBe(listEdges(machine).length);
    });
  });
}
