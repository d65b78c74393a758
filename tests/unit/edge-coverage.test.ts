/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import {
  coverEdges,
  generatePaths,
  listEdges,
  mergeCoverage,
  recordCoverage,
  samplesOf,
  type PathScenario,
} from '../paths/edge-coverage';

/** A toy with every kind of edge: parent-level, guarded alternatives, done/error, after, always. */
const toy = setup({
  types: { context: {} as { pokes: number } },
  actors: { load: fromPromise(() => Promise.resolve(1)) },
  guards: { isBig: (_, size: number) => size > 10 },
  delays: { wait: 100 },
}).createMachine({
  id: 'toy',
  context: { pokes: 0 },
  initial: 'Loading',
  on: { reset: '.Loading' },
  states: {
    Loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [{ guard: { type: 'isBig', params: ({ event }) => event.output }, target: 'Big' }, { target: 'Small' }],
        onError: 'Failed',
      },
    },
    Big: { after: { wait: 'Small' } },
    Small: {
      on: {
        poke: {
          guard: ({ context }) => context.pokes < 2,
          actions: assign({ pokes: ({ context }) => context.pokes + 1 }),
        },
      },
    },
    Failed: { always: 'Small' },
  },
});

const path = (...events: { type: string; [key: string]: unknown }[]) => ({ steps: events.map((event) => ({ event })) });

describe('edge coverage helpers', () => {
  it('listEdges lists each transition definition once, where it is defined', () => {
    expect(listEdges(toy).map((edge) => edge.id)).toEqual([
      'toy -> toy.Loading on reset',
      'toy.Loading -> toy.Big on xstate.done.actor.load [isBig]',
      'toy.Loading -> toy.Small on xstate.done.actor.load',
      'toy.Loading -> toy.Failed on xstate.error.actor.load',
      'toy.Big -> toy.Small on xstate.after.wait.toy.Big',
      'toy.Small -> self on poke [inline]',
      'toy.Failed -> toy.Small on (always)',
    ]);
  });

  it('coverEdges replays paths and tells covered from uncovered edges', () => {
    const result = coverEdges(toy, [
      path(
        { type: 'xstate.init' },
        { type: 'xstate.done.actor.load', output: 50 },
        { type: 'xstate.after.wait.toy.Big' },
      ),
      path({ type: 'xstate.done.actor.load', output: 1 }, { type: 'poke' }),
    ]);
    expect(result.edges).toBe(7);
    expect(result.covered).toBe(4);
    expect(result.uncovered).toEqual([
      'toy -> toy.Loading on reset',
      'toy.Loading -> toy.Failed on xstate.error.actor.load',
      'toy.Failed -> toy.Small on (always)',
    ]);
  });

  it('an eventless (always) edge is never counted: the design forbids hiding transitions in one', () => {
    const result = coverEdges(toy, [path({ type: 'xstate.error.actor.load', error: new Error('x') })]);
    expect(result.coveredIds).toEqual(['toy.Loading -> toy.Failed on xstate.error.actor.load']);
    expect(result.uncovered).toContain('toy.Failed -> toy.Small on (always)');
  });

  it('mergeCoverage unions scenarios', () => {
    const a = coverEdges(toy, [path({ type: 'reset' })]);
    const b = coverEdges(toy, [path({ type: 'xstate.done.actor.load', output: 1 })]);
    const merged = mergeCoverage(toy, [a, b]);
    expect(merged.covered).toBe(2);
    expect(merged.coveredIds).toEqual([
      'toy -> toy.Loading on reset',
      'toy.Loading -> toy.Small on xstate.done.actor.load',
    ]);
  });

  const scenario: PathScenario = {
    label: 'toy',
    events: samplesOf([
      { type: 'reset' },
      { type: 'xstate.done.actor.load', output: 50 },
      { type: 'xstate.done.actor.load', output: 1 },
      { type: 'xstate.error.actor.load', error: new Error('down') },
      { type: 'xstate.after.wait.toy.Big' },
      { type: 'poke' },
    ]),
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
  };

  it('generatePaths reaches every edge the events can fire', () => {
    const paths = generatePaths(toy, scenario);
    const result = coverEdges(toy, paths);
    expect(result.uncovered).toEqual(['toy.Failed -> toy.Small on (always)']);
  });

  it('generatePaths drops paths that are a prefix of another one', () => {
    const keys = generatePaths(toy, scenario).map((p) => p.steps.map((step) => JSON.stringify(step.event)));
    for (const short of keys) {
      const prefixOfOther = keys.some(
        (long) => long !== short && long.length > short.length && short.every((e, i) => long[i] === e),
      );
      expect(prefixOfOther).toBe(false);
    }
  });

  it('generatePaths keeps samples that differ only by their error', () => {
    const failing = setup({ actors: { load: fromPromise(() => Promise.resolve(1)) } }).createMachine({
      id: 'failing',
      initial: 'Loading',
      states: {
        Loading: {
          invoke: {
            id: 'load',
            src: 'load',
            onError: [{ guard: ({ event }) => (event.error as Error).message === 'a', target: 'A' }, { target: 'B' }],
          },
        },
        A: {},
        B: {},
      },
    });
    const paths = generatePaths(failing, {
      label: 'errors',
      events: samplesOf([
        { type: 'xstate.error.actor.load', error: new Error('a') },
        { type: 'xstate.error.actor.load', error: new Error('b') },
      ]),
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
    });
    expect(coverEdges(failing, paths).uncovered).toEqual([]);
  });

  it('generatePaths refuses an event type that has no sample (it would lose its payload)', () => {
    expect(() => generatePaths(toy, { ...scenario, events: samplesOf([{ type: 'reset' }]) })).toThrow(
      /no event sample for xstate\.done\.actor\.load/,
    );
  });

  // Skipped, with its reason in its name, in the run that writes coverage on purpose.
  it.skipIf(process.env.WRITE_COVERAGE === '1')(
    'recordCoverage writes nothing unless WRITE_COVERAGE=1 (skipped when WRITE_COVERAGE=1: that run writes coverage.json)',
    () => {
      const file = fileURLToPath(new URL('../../visualizations/coverage.json', import.meta.url));
      const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
      recordCoverage('toy', { coveredIds: [], uncovered: [] });
      expect(existsSync(file) ? readFileSync(file, 'utf8') : undefined).toBe(before);
    },
  );
});
