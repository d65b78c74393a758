import { describe, expect, it } from 'vitest';
import { fromPromise, setup, type EventObject } from 'xstate';
import { generatePaths, samplesOf } from '../paths/edge-coverage';
import { renderPlan } from '../paths/path-plan';
import { phraseEvent, wordsOf } from '../paths/plan-words';

/** A toy checkout: a call, a visitor event, a timer. */
const toy = setup({
  actors: { initBitPayment: fromPromise(() => Promise.resolve({ status: 0 })) },
  delays: { wait: 100 },
}).createMachine({
  id: 'toy',
  initial: 'Loading',
  states: {
    Loading: {
      description: 'A spinner over the drawer',
      tags: ['busy'],
      invoke: { id: 'initBitPayment', src: 'initBitPayment', onDone: 'Ready', onError: 'Failed' },
    },
    Ready: { on: { 'drawer.close': 'Closed' }, after: { wait: 'Closed' } },
    Failed: {},
    Closed: { type: 'final' },
  },
});

const plan = () =>
  renderPlan('toy', toy, [
    {
      label: 'a visitor',
      paths: generatePaths(toy, {
        label: 'a visitor',
        events: samplesOf([
          { type: 'xstate.done.actor.initBitPayment', output: { status: 0 } },
          { type: 'xstate.error.actor.initBitPayment', error: new Error('offline') },
          { type: 'drawer.close' },
          { type: 'xstate.after.wait.toy.Ready' },
        ]),
        serializeState: (snapshot) => JSON.stringify(snapshot.value),
      }),
    },
  ]);

/** An event with a payload, as the charts receive it. */
const event = (value: { type: string; [key: string]: unknown }): EventObject => value;

describe('the QA test plan', () => {
  it('writes every path as numbered steps with the expected state and the edge ids', () => {
    const markdown = plan();
    expect(markdown).toMatch(/^# Test plan: toy\n/);
    expect(markdown).toContain('## Scenario: a visitor');
    expect(markdown.match(/^### Path \d+:/gm)).toHaveLength(3);
    expect(markdown).toContain(
      [
        '1. The operator, for the Bit payment, answers ({"status":0})',
        '   - Expect: **Ready**',
        '   - <sub>Edges: `toy.Loading -> toy.Ready on xstate.done.actor.initBitPayment`</sub>',
        '2. Close the payment drawer',
        '   - Expect: **Closed** (the flow is over)',
        '   - <sub>Edges: `toy.Ready -> toy.Closed on drawer.close`</sub>',
      ].join('\n'),
    );
    expect(markdown).toContain('Start: **Loading** — A spinner over the drawer _(tags: busy)_');
    expect(markdown).toContain('2. Wait (the timer wait fires)');
    expect(markdown).toContain('1. The operator, for the Bit payment, fails (Error(offline))\n   - Expect: **Failed**');
  });

  it('is the same on every run', () => {
    expect(plan()).toBe(plan());
  });

  it('falls back to words derived from an unknown event type, with its payload', () => {
    expect(wordsOf('method.select')).toBe('method select');
    expect(phraseEvent(event({ type: 'basket.emptyAll', items: 2 }))).toBe('Basket empty all (items: 2)');
    expect(phraseEvent(event({ type: 'xstate.done.actor.fetchWeather', output: 'sunny' }))).toBe(
      'Fetch weather answers ("sunny")',
    );
    expect(phraseEvent(event({ type: 'xstate.error.actor.fetchWeather', error: new Error('offline') }))).toBe(
      'Fetch weather fails (Error(offline))',
    );
  });
});
