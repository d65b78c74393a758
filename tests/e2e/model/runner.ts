/**
 * The browser half of the model-based tests: what a model is (a driver for each event, a check for
 * each state), the check that a model can drive every edge of its chart, and how a chart path
 * becomes a Playwright test against the sandbox.
 *
 * A path runs step by step. A visitor's action (`act`) first looks ahead at the steps the app and
 * the sandbox take by themselves after it (`outcome`s): they may choose what the visitor enters
 * (a declined card, the sheet's Decline) and, for every state reached on the way that waits on a
 * call, the call is held until that state's screen has been checked; the outcome that leaves the
 * state then lets the call through or answers it (a failure). After each step, the screen of every
 * state reached is checked.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { allStateNodes, listEdges, type Edge } from '../../../machines/graph/statechart-edges';
import { expect, test, type TestCard, type Texts, TEXTS } from '../fixtures';
import {
  acceptedEvents,
  activeIds,
  activeLeaves,
  applyMove,
  enteredLeaves,
  explore,
  lastSnapshot,
  runs,
  selectPaths,
  type ChartPath,
  type Explored,
  type Move,
  type Step,
  type Walk,
} from './paths';

// ---------------------------------------------------------------------------------------------
// Models

/** What the outcomes after a visitor's action ask of that action. */
export interface Plan {
  /** The card the visitor enters ('none': the form is left empty). */
  card?: TestCard | 'none';
  /** The wallet sheet's button the visitor taps. */
  sheet?: 'Approve' | 'Decline';
  /** Bit's page: the payer's decision, or none (the browser comes back with the return address as it is). */
  bit?: 'Approve' | 'Decline' | 'undecided';
  /** The page's clock is installed before the step, so that an outcome can move it on. */
  clock?: boolean;
}

export interface StepContext {
  page: Page;
  t: Texts;
  baseURL: string;
  event: EventObject;
  /** The chart's snapshot before the step (the menu, the selection, the order …). */
  snapshot: AnyMachineSnapshot;
  plan: Plan;
}

export interface CheckContext {
  page: Page;
  t: Texts;
  /** The chart's snapshot in the state checked. */
  snapshot: AnyMachineSnapshot;
}

/** The events a driver produces in a snapshot, with their payloads. */
export type Samples = (snapshot: AnyMachineSnapshot) => Move[];

/** How a held call is answered: passed on to the sandbox, failed, or answered in its stead. */
export type Reply = (route: Route) => Promise<void>;

export const passOn: Reply = (route) => route.fallback();

/** The visitor does something on the screen. */
export interface ActDriver {
  kind: 'act';
  samples?: Samples;
  run: (context: StepContext) => Promise<void>;
}

/** The app or the sandbox produces the event by itself; a driver may arrange how. */
export interface OutcomeDriver {
  kind: 'outcome';
  samples?: Samples;
  /** The answer to the call the state it leaves is waiting on (default: the sandbox's own). */
  reply?: (event: EventObject) => Reply;
  /** What the visitor's action before it must do for this outcome. */
  plan?: (plan: Plan, event: EventObject) => void;
  /** What lets the outcome happen once its call is answered (time moved on, on the page's clock). */
  run?: (context: StepContext) => Promise<void>;
}

/** The purchase: a payment method's chart ends; that method's model drives it to this ending. */
export interface MethodDriver {
  kind: 'method';
  samples?: Samples;
}

export type Driver = ActDriver | OutcomeDriver | MethodDriver;

/** Different drivers of one event in different states, by the state's id. */
export interface BySource {
  bySource: Readonly<Record<string, Driver>>;
}

export const act = (run: ActDriver['run'], samples?: Samples): ActDriver => ({ kind: 'act', run, samples });
export const outcome = (options: Omit<OutcomeDriver, 'kind'> = {}): OutcomeDriver => ({ kind: 'outcome', ...options });
export const bySource = (drivers: Record<string, Driver>): BySource => ({ bySource: drivers });

/** A request the app sends in a state: held until the state's screen has been checked. */
export interface Call {
  method: 'GET' | 'POST';
  path: string | RegExp;
}

export interface StateModel {
  check: (context: CheckContext) => Promise<void>;
  call?: Call;
}

export interface OpenContext {
  page: Page;
  t: Texts;
  baseURL: string;
}

/** Where a path starts: a page and what the purchase starts with there. */
export interface Scenario {
  label: string;
  open: (context: OpenContext) => Promise<void>;
  /** The purchase's input, as the page gives it. */
  input: unknown;
  /** The only events the walk sends here (default: every event with a driver), to keep walks small. */
  only?: readonly string[];
  /** Samples that replace the drivers' own here. */
  samples?: Readonly<Record<string, Samples>>;
}

export interface MachineModel {
  /** The chart as the app runs it; its id names the model. */
  machine: AnyStateMachine;
  events: Readonly<Record<string, Driver | BySource>>;
  /** A check for every atomic and final state, by state id. */
  states: Readonly<Record<string, StateModel>>;
  /** Edges no browser can produce, by edge id: why (the unit path tests still cover them). */
  unreachableInBrowser: Readonly<Record<string, string>>;
  /** What tells snapshots apart on a walk (default: the state and the result's outcome and reason). */
  key?: (snapshot: AnyMachineSnapshot) => string;
}

export interface PurchaseModel extends MachineModel {
  scenarios: readonly Scenario[];
}

/** A payment method's chart runs inside the purchase: its paths start where a purchase path reaches it. */
export interface PaymentModel extends MachineModel {
  entries: readonly { scenario: Scenario; reach?: (purchase: AnyMachineSnapshot) => boolean }[];
  /**
   * What the purchase hears by itself after this method's ending, as the sandbox truly answers it (the
   * operator's status answer after a pay call left without a verdict, …): each a move of the purchase's
   * chart, driven by the purchase model's driver but answered by the sandbox, never in its stead.
   */
  afterEnding?: (ending: AnyMachineSnapshot) => readonly Move[];
}

/** The state, the result's outcome and its reason (a failure without a verdict ends the purchase otherwise). */
const defaultKey = (snapshot: AnyMachineSnapshot) => {
  const result = (snapshot.context as { result?: { outcome?: string; reason?: string } }).result;
  return JSON.stringify([snapshot.value, result?.outcome, result?.reason]);
};

/** The driver of an event in the states given (deepest first). */
function driverAt(model: MachineModel, type: string, stateIds: readonly string[]): Driver | undefined {
  const entry = model.events[type];
  if (!entry || !('bySource' in entry)) return entry;
  const source = stateIds.find((id) => entry.bySource[id]);
  return source === undefined ? undefined : entry.bySource[source];
}

const driverOf = (model: MachineModel, event: EventObject, snapshot: AnyMachineSnapshot) =>
  driverAt(model, event.type, activeIds(model.machine, snapshot));

function walkOf(model: MachineModel, input: unknown, scenario?: Scenario): Walk {
  return {
    machine: model.machine,
    input,
    key: model.key ?? defaultKey,
    moves: (snapshot) =>
      acceptedEvents(snapshot).flatMap((type) => {
        const driver = driverOf(model, { type }, snapshot);
        if (!driver || (scenario?.only && !scenario.only.includes(type))) return [];
        const samples = scenario?.samples?.[type] ?? driver.samples ?? (() => [[{ type }]]);
        return samples(snapshot);
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Steps in the browser

interface ReachedState {
  id: string;
  state: StateModel | undefined;
  snapshot: AnyMachineSnapshot;
}

interface BrowserStep {
  title: string;
  kind: 'act' | 'outcome' | 'start';
  run?: (context: Omit<StepContext, 'event' | 'snapshot'>) => Promise<void>;
  reply?: Reply;
  plan?: (plan: Plan) => void;
  reached: ReachedState[];
}

const reached = (model: MachineModel, snapshot: AnyMachineSnapshot): ReachedState[] =>
  activeLeaves(model.machine, snapshot).map((node) => ({ id: node.id, state: model.states[node.id], snapshot }));

export function describeEvent(event: EventObject): string {
  const type = event.type
    .replace(/^xstate\.(done|error)\.actor\./, '$1:')
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after:$1');
  const fields = event as EventObject & Record<string, unknown>;
  const output = fields.output as { outcome?: string; status?: number } | undefined;
  const returned = fields.returned as { transactionId?: string } | undefined;
  const failure = (fields.error as { failure?: { kind?: string } } | undefined)?.failure?.kind;
  const named = [fields.method, fields.productId, fields.amount].find(
    (value) => typeof value === 'string' || typeof value === 'number',
  );
  const detail =
    (named === undefined ? undefined : String(named)) ??
    returned?.transactionId ??
    (typeof fields.url === 'string' ? new URL(fields.url).pathname.split('/').at(-1) : undefined) ??
    output?.outcome ??
    (output?.status === undefined ? undefined : `status ${output.status}`) ??
    failure;
  return detail === undefined ? type : `${type}(${detail})`;
}

const describeMove = (move: Move) => move.map(describeEvent).join(' + ');

export interface ModelSuite {
  /** The chart's id. */
  name: string;
  tests: { title: string; steps: BrowserStep[] }[];
  /** Every way the model falls short of its chart, one line per edge or state. */
  problems: string[];
  summary: string;
  unreachable: Readonly<Record<string, string>>;
}

/** Payment models by their chart's id, for the purchase's method endings. */
type Methods = ReadonlyMap<string, PaymentModel>;

/** The purchase state that runs a payment method's chart, and the input it gives it. */
function methodInput(purchase: PurchaseModel, methodId: string, snapshot: AnyMachineSnapshot): unknown {
  const node = allStateNodes(purchase.machine.root).find((candidate) =>
    candidate.invoke.some((invoke) => invoke.id === methodId),
  );
  const invoke = node?.invoke.find((candidate) => candidate.id === methodId) as { input?: unknown } | undefined;
  const input = invoke?.input;
  if (typeof input !== 'function') throw new Error(`no purchase state invokes ${methodId} with an input`);
  return (input as (args: object) => unknown)({
    context: snapshot.context as unknown,
    event: { type: 'model' },
    self: undefined,
  });
}

const explorations = new WeakMap<MachineModel, Map<string, Explored>>();

/** Walks are cached per model, scenario and input: a payment chart is walked from each order it is given. */
function explored(model: MachineModel, input: unknown, scenario?: Scenario): Explored {
  const cache = explorations.get(model) ?? new Map<string, Explored>();
  explorations.set(model, cache);
  const key = JSON.stringify([scenario?.label, input]);
  const found = cache.get(key) ?? explore(walkOf(model, input, scenario));
  cache.set(key, found);
  return found;
}

class Undrivable extends Error {}

function startStep(method: PaymentModel, input: unknown): BrowserStep {
  const [initialPath] = explored(method, input).nodes;
  if (!initialPath) throw new Error(`${method.machine.id}: no initial snapshot`);
  return { title: `${method.machine.id} starts`, kind: 'start', reached: reached(method, initialPath.initial) };
}

/**
 * The browser steps of a chart path. A purchase step that ends a payment method becomes that
 * method's own shortest path to the same ending; a step that starts one adds the method's first state.
 */
function browserSteps(
  model: MachineModel,
  path: ChartPath,
  methods: Methods,
  edges: Set<string>,
  purchase?: PurchaseModel,
): BrowserStep[] {
  const steps: BrowserStep[] = [];
  for (const step of path.steps) {
    const ending = step.events.find((event) => driverOf(model, event, step.before)?.kind === 'method');
    if (ending && purchase) {
      const methodId = ending.type.replace('xstate.done.actor.', '');
      const method = methods.get(methodId);
      const wanted = (ending as { output?: { outcome?: string } }).output?.outcome;
      if (!method) throw new Undrivable(`no model for ${methodId}`);
      const input = methodInput(purchase, methodId, step.before);
      // An ending the purchase takes the same way (a failure without a verdict is not a failure page).
      const sameEdges = (fired: readonly string[] | undefined) => fired?.join('\n') === step.edges.join('\n');
      const sub = explored(method, input).nodes.find((node) => {
        const last = lastSnapshot(node);
        const heard = step.events.map((event) =>
          event === ending ? { ...ending, output: last.output as unknown } : event,
        );
        return last.status === 'done' && sameEdges(applyMove(purchase.machine, step.before, heard)?.edges);
      });
      if (!sub) throw new Undrivable(`${methodId} never ends ${String(wanted)}`);
      steps.push(...browserSteps(method, sub, methods, edges));
    } else {
      const [event] = step.events;
      if (!event) throw new Error('a step without an event');
      const driver = driverOf(model, event, step.before);
      if (!driver || driver.kind === 'method') throw new Undrivable(`no driver for ${event.type}`);
      const title = `${model.machine.id}: ${describeMove(step.events)}`;
      steps.push(
        driver.kind === 'act'
          ? {
              title,
              kind: 'act',
              run: (context) => driver.run({ ...context, event, snapshot: step.before }),
              reached: [],
            }
          : {
              title,
              kind: 'outcome',
              run:
                driver.run &&
                ((context) => driver.run?.({ ...context, event, snapshot: step.before }) ?? Promise.resolve()),
              reply: driver.reply?.(event),
              plan: (plan) => driver.plan?.(plan, event),
              reached: [],
            },
      );
    }
    for (const edge of step.edges) edges.add(edge);
    steps.at(-1)?.reached.push(...reached(model, step.after));
    for (const [methodId, method] of methods) {
      if (purchase && runs(step.after, methodId) && !runs(step.before, methodId))
        steps.push(startStep(method, methodInput(purchase, methodId, step.after)));
    }
  }
  return steps;
}

function openStep(purchase: PurchaseModel, scenario: Scenario, initial: AnyMachineSnapshot): BrowserStep {
  return {
    title: `open ${scenario.label}`,
    kind: 'act',
    run: (context) => scenario.open(context),
    reached: reached(purchase, initial),
  };
}

/** The states inside an edge's source that drive its event (an event handled on a parent is driven in its children). */
const statesUnder = (model: MachineModel, edge: Edge) => {
  const entry = model.events[edge.eventType];
  return entry && 'bySource' in entry
    ? Object.keys(entry.bySource).filter((id) => id.startsWith(`${edge.source}.`))
    : [];
};

/** Every way a model falls short of its chart. */
function problemsOf(model: MachineModel, driven: ReadonlySet<string>): string[] {
  const edges = listEdges(model.machine);
  const edgeIds = new Set(edges.map((edge) => edge.id));
  const problems: string[] = [];
  const unreachable = (edge: Edge) => edge.id in model.unreachableInBrowser;
  for (const edge of edges) {
    if (unreachable(edge)) {
      if (driven.has(edge.id)) problems.push(`model: "${edge.id}" is listed as unreachable, but a path drives it`);
    } else if (!driverAt(model, edge.eventType, [edge.source, ...statesUnder(model, edge)])) {
      problems.push(`model: no driver for "${edge.id}"`);
    } else if (!driven.has(edge.id)) {
      problems.push(`model: no path drives "${edge.id}" (give its driver a sample or its chart a scenario)`);
    }
  }
  for (const id of Object.keys(model.unreachableInBrowser)) {
    if (!edgeIds.has(id))
      problems.push(`model: "${id}" is listed as unreachable, but ${model.machine.id} has no such edge`);
  }
  const leaves = allStateNodes(model.machine.root).filter((node) => Object.keys(node.states).length === 0);
  const enteredBy = (leaf: AnyStateNode) =>
    edges.find((edge) =>
      edge.targets.some((target) => enteredLeaves(model.machine.getStateNodeById(target)).includes(leaf)),
    );
  for (const leaf of leaves) {
    if (model.states[leaf.id]) continue;
    const edge = enteredBy(leaf);
    problems.push(`model: no check for state "${leaf.id}"${edge ? ` (entered by "${edge.id}")` : ''}`);
  }
  return problems;
}

/** A path as a test: its chart's steps in the browser, and every edge it fires, of every chart. */
interface Candidate {
  model: MachineModel;
  title: string;
  steps: BrowserStep[];
  edges: Set<string>;
}

const titleOf = (scenario: Scenario, path: ChartPath) =>
  `[${scenario.label}] ${path.steps.map((step) => describeMove(step.events)).join(' → ')}`;

/** The purchase's shortest path to each edge, in each scenario, where its method endings can be driven. */
function purchaseCandidates(purchase: PurchaseModel, methods: Methods): Candidate[] {
  return purchase.scenarios.flatMap((scenario) =>
    [...new Set(explored(purchase, scenario.input, scenario).edgePaths.values())].flatMap((path) => {
      const edges = new Set<string>();
      try {
        const steps = [
          openStep(purchase, scenario, path.initial),
          ...browserSteps(purchase, path, methods, edges, purchase),
        ];
        return [{ model: purchase, title: titleOf(scenario, path), steps, edges }];
      } catch (error) {
        if (error instanceof Undrivable) return [];
        throw error;
      }
    }),
  );
}

/** A method's shortest path to each edge, after the shortest purchase path that starts the method. */
function methodCandidates(method: PaymentModel, purchase: PurchaseModel, methods: Methods): Candidate[] {
  const methodId = method.machine.id;
  return method.entries.flatMap(({ scenario, reach }) => {
    const entry = explored(purchase, scenario.input, scenario).nodes.find((node) => {
      const last = lastSnapshot(node);
      return runs(last, methodId) && (reach?.(last) ?? true);
    });
    if (!entry) throw new Error(`${scenario.label}: no purchase path starts ${methodId}`);
    const entryEnd = lastSnapshot(entry);
    const entryEdges = new Set<string>();
    const prefix = [
      openStep(purchase, scenario, entry.initial),
      ...browserSteps(purchase, entry, methods, entryEdges, purchase),
    ];
    const { edgePaths, nodes } = explored(method, methodInput(purchase, methodId, entryEnd));
    // Every edge, and every distinct ending (endings on one edge may end the purchase differently).
    const endings = nodes.filter((node) => lastSnapshot(node).status === 'done');
    return [...new Set([...edgePaths.values(), ...endings])].map((path) => {
      const edges = new Set(entryEdges);
      const steps = [...prefix, ...browserSteps(method, path, methods, edges)];
      const end = lastSnapshot(path);
      if (end.status === 'done') {
        // The purchase hears of the ending (after the closed drawer that caused it, if it was one).
        const closed = path.steps.at(-1)?.events.some((event) => event.type === 'drawer.close');
        const done = { type: `xstate.done.actor.${methodId}`, output: end.output as unknown };
        const ending = applyMove(purchase.machine, entryEnd, closed ? [{ type: 'drawer.close' }, done] : [done]);
        if (!ending) throw new Error(`the purchase ignores how ${methodId} ended`);
        for (const edge of ending.edges) edges.add(edge);
        steps.at(-1)?.reached.push(...reached(purchase, ending.after));
        steps.push(...afterEnding(purchase, method, end, ending.after, methods, edges));
      }
      return { model: method, title: titleOf(scenario, path), steps, edges };
    });
  });
}

/** The purchase's own steps after a method's ending, each answered by the sandbox itself. */
function afterEnding(
  purchase: PurchaseModel,
  method: PaymentModel,
  end: AnyMachineSnapshot,
  start: AnyMachineSnapshot,
  methods: Methods,
  edges: Set<string>,
): BrowserStep[] {
  const chartSteps: Step[] = [];
  let snapshot = start;
  for (const move of method.afterEnding?.(end) ?? []) {
    const step = applyMove(purchase.machine, snapshot, move);
    if (!step) throw new Error(`${method.machine.id}: the purchase ignores ${describeMove(move)} after its ending`);
    chartSteps.push(step);
    snapshot = step.after;
  }
  return browserSteps(purchase, { initial: start, steps: chartSteps }, methods, edges, purchase).map((step) =>
    step.kind === 'outcome' ? { ...step, reply: passOn } : step,
  );
}

/**
 * The tests of the purchase and of every payment method: the candidates of all charts, then few
 * of them that fire every edge any of them fires (a method's path fires purchase edges too, and a
 * purchase path the method edges of the endings it drives). Each test is listed under its chart.
 */
export function modelSuites(purchase: PurchaseModel, payments: readonly PaymentModel[]): ModelSuite[] {
  const methods: Methods = new Map(payments.map((model) => [model.machine.id, model]));
  const candidates = [
    ...purchaseCandidates(purchase, methods),
    ...payments.flatMap((model) => methodCandidates(model, purchase, methods)),
  ];
  const chosen = selectPaths(candidates);
  return [purchase, ...payments].map((model) => {
    const edges = listEdges(model.machine).map((edge) => edge.id);
    const drivers = chosen.filter((candidate) => edges.some((edge) => candidate.edges.has(edge)));
    const driven = new Set(edges.filter((edge) => drivers.some((candidate) => candidate.edges.has(edge))));
    const own = chosen.filter((candidate) => candidate.model === model);
    const unreachable = Object.keys(model.unreachableInBrowser).length;
    return {
      name: model.machine.id,
      tests: own.map(({ title, steps }, index) => ({ title: `path ${index + 1} ${title}`, steps })),
      problems: problemsOf(model, driven),
      summary: `${model.machine.id}: ${edges.length} edges, ${driven.size} driven by ${drivers.length} paths (${own.length} of its own), ${unreachable} unreachable in the browser`,
      unreachable: model.unreachableInBrowser,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Running a path

interface Hold {
  /** Whether the app has sent the call (this hold has one of its requests). */
  claimed: () => boolean;
  /** Answers the held call with this reply once the app has sent it, and its repeats (a GET retries) too. */
  release: (reply: Reply) => Promise<void>;
  /** Leaves the call's later requests alone. */
  stop: () => Promise<void>;
}

const matches = (pathname: string, path: string | RegExp) =>
  typeof path === 'string' ? pathname === path : path.test(pathname);

/**
 * Holds the requests of a call until released. A later hold of the same call (a state that asks again)
 * takes only the requests after the one the earlier hold has: routes added later are tried first.
 */
async function hold(page: Page, call: Call, earlier?: Hold): Promise<Hold> {
  let release: (reply: Reply) => void = () => {};
  const released = new Promise<Reply>((resolve) => (release = resolve));
  let sent = false;
  const url = (address: URL) => matches(address.pathname, call.path);
  const handler = async (route: Route) => {
    if (route.request().method() !== call.method || (earlier && !earlier.claimed())) return route.fallback();
    sent = true;
    await (
      await released
    )(route);
  };
  await page.route(url, handler);
  return {
    claimed: () => sent,
    release: async (reply) => {
      const message = `the app sends ${call.method} ${String(call.path)}`;
      await expect.poll(() => sent, { message, timeout: 10_000 }).toBe(true);
      release(reply);
    },
    stop: () => page.unroute(url, handler),
  };
}

async function runSteps(page: Page, baseURL: string, steps: readonly BrowserStep[]): Promise<void> {
  const t = TEXTS.en;
  const holds = new Map<number, Hold[]>();
  const callKey = (call: Call) => `${call.method} ${String(call.path)}`;
  for (const [index, step] of steps.entries()) {
    await test.step(step.title, async () => {
      if (step.kind === 'act') {
        const plan: Plan = {};
        const latest = new Map<string, Hold>();
        for (let ahead = index; ahead < steps.length && (ahead === index || steps[ahead]?.kind !== 'act'); ahead += 1) {
          const next = steps[ahead] as BrowserStep;
          if (ahead > index) next.plan?.(plan);
          const calls = next.reached.flatMap(({ state }) => (state?.call ? [state.call] : []));
          const held: Hold[] = [];
          for (const call of calls) {
            const made = await hold(page, call, latest.get(callKey(call)));
            latest.set(callKey(call), made);
            held.push(made);
          }
          holds.set(ahead, held);
        }
        await step.run?.({ page, t, baseURL, plan });
      }
      const answered = step.kind === 'outcome' ? (holds.get(index - 1) ?? []) : [];
      for (const held of answered) await held.release(step.reply ?? passOn);
      if (step.kind === 'outcome') await step.run?.({ page, t, baseURL, plan: {} });
      for (const { id, state, snapshot } of step.reached) {
        if (!state) throw new Error(`model: no check for state "${id}"`);
        await test.step(`screen of ${id}`, () => state.check({ page, t, snapshot }));
      }
      for (const held of answered) await held.stop();
    });
  }
}

/** The model's own test (does it drive every edge?) and one test per path. */
export function describeModel(suite: ModelSuite): void {
  test.describe(`model ${suite.name}`, () => {
    test(`every edge of ${suite.name} is driven, or listed as unreachable in the browser`, () => {
      const lines = Object.entries(suite.unreachable).map(([edge, why]) => `  ${edge}\n    ${why}`);
      console.log(`${suite.summary}${lines.length ? `\nunreachable in the browser:\n${lines.join('\n')}` : ''}`);
      for (const [edge, why] of Object.entries(suite.unreachable))
        test.info().annotations.push({ type: 'unreachable in the browser', description: `${edge}: ${why}` });
      expect(suite.problems, suite.problems.join('\n')).toEqual([]);
    });
    for (const { title, steps } of suite.tests) {
      test(title, async ({ page, baseURL }) => {
        try {
          await runSteps(page, baseURL ?? '', steps);
        } finally {
          await page.unrouteAll({ behavior: 'ignoreErrors' });
        }
      });
    }
  });
}
