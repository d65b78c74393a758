/// <reference types="node" />
/**
 * Edge coverage for path tests (design.md §7.2): every transition definition of a machine is an edge,
 * and a machine's path tests must fire each of them at least once.
 *
 * - `listEdges(machine)` lists the machine's own edges (events, `xstate.done.actor.*`,
 *   `xstate.error.actor.*`, `xstate.after.*`, each guarded alternative separately; `always` edges are
 *   listed too, so that a hidden eventless edge shows up as uncovered).
 * - `coverEdges(machine, paths, input)` replays paths with xstate's pure functions and reports which
 *   edges fired.
 * - `describeEdgePaths(...)` generates paths with @xstate/graph, one `it` per path (named after the
 *   edges it is the first to reach, see `namePaths`), plus a `covers every edge` test. Each path is
 *   replayed on a live actor and checked against the machine's `Oracle`: the spec's word, written by
 *   hand in the path test.
 * - `recordCoverage(...)` merges a result into visualizations/coverage.json when WRITE_COVERAGE=1.
 * - With WRITE_PATH_PLAN=1, `describeEdgePaths` also writes the chart's QA test plan (path-plan.ts).
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
  type StateValue,
} from 'xstate';
import { firedEdges, listEdges } from '../../machines/graph/statechart-edges';
import { writePathPlan } from './path-plan';

// ---------------------------------------------------------------------------------------------
// (a) Listing edges: machines/graph/statechart-edges.ts, shared with the diagrams (scripts/visualize.ts)

export { firedEdges, listEdges, type Edge } from '../../machines/graph/statechart-edges';

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
  machines: Record<string, { covered: string[]; uncovered: string[] }>;
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
 * (`{"machines": {"<id>": {"covered": [edge ids], "uncovered": [edge ids]}}}`, keys and ids sorted). Writes
 * only when WRITE_COVERAGE=1, so ordinary test runs leave tracked files alone.
 */
export function recordCoverage(machineId: string, result: Pick<EdgeCoverage, 'coveredIds' | 'uncovered'>): void {
  if (process.env.WRITE_COVERAGE !== '1') return;
  mkdirSync(dirname(COVERAGE_FILE), { recursive: true });
  withLock(() => {
    const report: CoverageReport = existsSync(COVERAGE_FILE)
      ? (JSON.parse(readFileSync(COVERAGE_FILE, 'utf8')) as CoverageReport)
      : { machines: {} };
    const machines = { ...report.machines };
    machines[machineId] = { covered: [...result.coveredIds].sort(), uncovered: [...result.uncovered].sort() };
    const sorted: CoverageReport = { machines: {} };
    for (const id of Object.keys(machines).sort()) {
      const entry = machines[id];
      if (entry) sorted.machines[id] = entry;
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

/** An event xstate sends itself: an actor's done/error event or a delay's. */
export type InternalEvent = { type: `xstate.${string}`; output?: unknown; error?: unknown };

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

/**
 * A scenario's serializeState: the state's value and the fields `guarded` picks from the context (each field
 * a guard reads, kept bounded). `guarded` names the chart's context type on its parameter.
 */
export const serializeWith =
  (guarded: (context: never, snapshot: AnyMachineSnapshot) => object): PathScenario['serializeState'] =>
  (snapshot) =>
    JSON.stringify({ value: snapshot.value as unknown, ...guarded(snapshot.context as never, snapshot) });

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

/** The edge ids each step of a path fires, replayed with the pure functions. */
function edgesAlong(machine: AnyStateMachine, path: MachinePath, input: unknown): string[][] {
  let [snapshot] = initialTransition(machine, input);
  return pathEvents(path).map((event) => {
    const fired = firedEdges(machine, snapshot, event).map((edge) => edge.id);
    [snapshot] = transition(machine, snapshot, event);
    return fired;
  });
}

/**
 * Test names, shortest path first: each names the edge its last step fires and every edge no earlier
 * test of the scenario fired (those of the dropped prefix paths), so that every covered edge, once
 * broken, fails a test named after it.
 */
export function namePaths(machine: AnyStateMachine, paths: readonly MachinePath[], input?: unknown) {
  const named = new Set<string>();
  return [...paths]
    .sort((a, b) => a.steps.length - b.steps.length)
    .map((path) => {
      const steps = edgesAlong(machine, path, input);
      const fresh = steps.flat().filter((id) => !named.has(id));
      const edges = [...new Set([...fresh, ...(steps.at(-1) ?? [])])];
      for (const id of edges) named.add(id);
      const events = pathEvents(path);
      const route = events.length ? events.map(describeEvent).join(' → ') : '(initial)';
      const reached = edges.length ? edges.join(' & ') : `stays in ${JSON.stringify(path.state.value)}`;
      return { path, name: `${reached}: ${route}` };
    });
}

// ---------------------------------------------------------------------------------------------
// (d) The oracle: the spec's word on every step, written by hand in each path test

/** The spec says the step changes nothing the visitor sees (a refused guard, an edit of a field). */
export const STAYS = Symbol('stays');

export interface Expectation {
  /** The state value `snapshot.matches` must accept after the step, or STAYS: the same value as before. */
  state: StateValue | typeof STAYS;
  /** What the step must have done to the context (an action's effect), checked on the snapshot after it. */
  effect?: (after: AnyMachineSnapshot) => void;
}

/**
 * The expectations of a machine, written from the spec and never read from the chart: a path test
 * whose only check is the chart's own `transition()` proves nothing (design.md §7.2), so a changed edge
 * target or action must disagree with this.
 */
export interface Oracle {
  /** Where the visitor is after `event` from `before` (and what it did to the context). */
  next: (before: AnyMachineSnapshot, event: EventObject) => Expectation;
  /** The observable contract of every state: tags, selectors the views read, context invariants. */
  contract: (snapshot: AnyMachineSnapshot) => void;
}

/** Moves to `state` (a state value as `matches` takes it). */
export const to = (state: StateValue, effect?: Expectation['effect']): Expectation => ({ state, effect });

/** Stays where it is. */
export const stays = (effect?: Expectation['effect']): Expectation => ({ state: STAYS, effect });

/**
 * The tags the views ask about, by the states that must carry them (spec: `busy` while a call is out,
 * `loading` while a provider loads ...): a tag must be on exactly those states, and no other tag on any.
 */
export function expectTags(
  snapshot: AnyMachineSnapshot,
  tagged: Readonly<Record<string, readonly StateValue[]>>,
): void {
  for (const [tag, states] of Object.entries(tagged)) {
    const where = JSON.stringify(snapshot.value);
    expect(snapshot.hasTag(tag), `tag ${tag} in ${where}`).toBe(states.some((state) => snapshot.matches(state)));
  }
  expect(
    [...snapshot.tags].filter((tag) => !(tag in tagged)),
    'tags the spec does not name',
  ).toEqual([]);
}

function atStep(step: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    if (error instanceof Error) error.message = `${step}: ${error.message}`;
    throw error;
  }
}

/** Checks one step of the oracle: the expected state and effect, then the contract of where it ended. */
function checkStep(before: AnyMachineSnapshot, after: AnyMachineSnapshot, expected: Expectation, oracle: Oracle): void {
  if (expected.state === STAYS) expect(after.value, 'the spec says it stays').toEqual(before.value);
  else
    expect(
      after.matches(expected.state),
      `the spec says ${JSON.stringify(expected.state)}, got ${JSON.stringify(after.value)}`,
    ).toBe(true);
  expected.effect?.(after);
  oracle.contract(after);
}

const stepName = (machine: AnyStateMachine, before: AnyMachineSnapshot, event: EventObject) =>
  firedEdges(machine, before, event)
    .map((edge) => edge.id)
    .join(' & ') || `no edge of ${describeEvent(event)}`;

/**
 * Every other event the scenario gives for a visited state (so every event the chart accepts there),
 * taken with the pure `transition` from that state and checked against the oracle: a path only walks
 * the shortest way to each edge, and an event handled on a parent state would otherwise be tried from
 * one child only (the hosted page's drawer closed while the operator verifies a charge).
 */
export type Probe = (snapshot: AnyMachineSnapshot) => readonly EventObject[];

/** Probes already checked, by the state's key and the event: every path revisits its prefix. */
export type ProbedSteps = Set<string>;

function probeState(
  machine: AnyStateMachine,
  oracle: Oracle,
  before: AnyMachineSnapshot,
  probe: { events: Probe; key: (snapshot: AnyMachineSnapshot) => string; done: ProbedSteps },
): void {
  for (const event of probe.events(before)) {
    const key = `${probe.key(before)} ← ${serializeEvent(event)}`;
    if (probe.done.has(key)) continue;
    probe.done.add(key);
    const expected = oracle.next(before, event);
    const [after] = transition(machine, before, event);
    atStep(`probe ${stepName(machine, before, event)} from ${JSON.stringify(before.value)}`, () =>
      checkStep(before, after, expected, oracle),
    );
  }
}

/**
 * Replays a path on a live actor (fakes provided, a simulated clock so that no delay fires by
 * itself): after every step, the oracle's expected state and effect, and the state's contract; with
 * `probe`, every other event accepted at every state visited as well.
 */
export function replayOnActor(
  machine: AnyStateMachine,
  oracle: Oracle,
  path: MachinePath,
  input?: unknown,
  probe?: Parameters<typeof probeState>[3],
): void {
  const actor = createActor(machine, { input, clock: new SimulatedClock() });
  const errors: unknown[] = [];
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  try {
    oracle.contract(actor.getSnapshot());
    for (const event of pathEvents(path)) {
      const before = actor.getSnapshot();
      if (probe) probeState(machine, oracle, before, probe);
      const step = stepName(machine, before, event);
      const expected = oracle.next(before, event);
      actor.send(event);
      const after = actor.getSnapshot();
      // Every failure names the edge of the step, whichever check it is.
      atStep(step, () => {
        expect(errors, 'the actor failed').toEqual([]);
        checkStep(before, after, expected, oracle);
      });
    }
    if (probe) probeState(machine, oracle, actor.getSnapshot(), probe);
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
  /** The spec's expectations for every step (written by hand, never derived from the chart). */
  oracle: Oracle;
}

/**
 * One `describe` per machine: one `it` per generated path (replayed on a live actor), and a
 * `covers every edge` test over the union of all scenarios' paths.
 */
export function describeEdgePaths({ machineId, machine, scenarios, oracle }: EdgePathSuite): void {
  describe(`${machineId} paths`, () => {
    const generated = scenarios.map((scenario) => ({ scenario, paths: generatePaths(machine, scenario) }));
    writePathPlan(
      machineId,
      machine,
      generated.map(({ scenario, paths }) => ({ label: scenario.label, input: scenario.input, paths })),
    );

    for (const { scenario, paths } of generated) {
      describe(scenario.label, () => {
        const probe = {
          events: (snapshot: AnyMachineSnapshot) => eventsFor(scenario, snapshot),
          key: scenario.serializeState,
          done: new Set<string>(),
        };
        for (const { path, name } of namePaths(machine, paths, scenario.input)) {
          it(name, () => replayOnActor(machine, oracle, path, scenario.input, probe));
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
      // Replaying every path of the purchase chart takes seconds of CPU; on a busy two-core machine more
      // than the default 5 s. It waits for nothing, so a longer limit hides no failure.
    }, 60_000);
  });
}
