import { describe, expect, it, vi } from 'vitest';
import * as xstate from 'xstate';
import { createActor, fromPromise, StateMachine, waitFor } from 'xstate';
import { setup } from '../../machines/shared/chart-setup';

// Every chart the wrapper builds goes through xstate's createMachine: counting its calls counts the builds.
vi.mock('xstate', async (importOriginal) => {
  const actual = await importOriginal<typeof xstate>();
  return { ...actual, createMachine: vi.fn(actual.createMachine) };
});
const builds = vi.mocked(xstate.createMachine);

/** A chart with a default for each kind of implementation, as the app's charts are written. */
function doorChart() {
  return setup({
    types: { context: {} as { log: string[] }, events: {} as { type: 'knock' } },
    actors: { answer: fromPromise(() => Promise.resolve('default answer')) },
    actions: { note: xstate.assign({ log: ({ context }, line: string) => [...context.log, line] }) },
    guards: { open: () => false },
    delays: { patience: 60_000 },
  }).createMachine({
    id: 'door',
    context: { log: [] },
    initial: 'Closed',
    states: {
      Closed: {
        on: {
          knock: [{ guard: 'open', target: 'Asking' }, { actions: { type: 'note', params: 'locked' } }],
        },
        after: { patience: 'GaveUp' },
      },
      Asking: {
        invoke: {
          src: 'answer',
          onDone: { target: 'Answered', actions: { type: 'note', params: ({ event }) => event.output } },
        },
      },
      Answered: { type: 'final' },
      GaveUp: { type: 'final' },
    },
  });
}

describe('charts written with machines/shared/chart-setup.ts', () => {
  it('are built when first used, not when written, and a provided chart only when it is used', () => {
    builds.mockClear();
    const chart = doorChart();
    const provided = chart.provide({ guards: { open: () => true } });
    expect(builds).not.toHaveBeenCalled();

    createActor(provided);
    expect(builds).toHaveBeenCalledTimes(1);
    expect(chart.provide({}).id).toBe('door');
    expect(builds).toHaveBeenCalledTimes(2);
  });

  it('are built once each, the chart itself only if something reads it', () => {
    builds.mockClear();
    const chart = doorChart();
    const provided = chart.provide({ guards: { open: () => true } }).provide({ delays: { patience: 10 } });
    createActor(provided).start().stop();
    createActor(provided).start().stop();
    expect(builds).toHaveBeenCalledTimes(1);
    expect(chart.id).toBe('door');
    expect(builds).toHaveBeenCalledTimes(2);
  });

  it('run as XState machines: instanceof, their nodes, their ids', () => {
    const chart = doorChart();
    expect(chart).toBeInstanceOf(StateMachine);
    expect('__xstatenode' in chart).toBe(true);
    expect(chart.getStateNodeById('door.Asking').key).toBe('Asking');
    expect(Object.keys(chart.states)).toEqual(['Closed', 'Asking', 'Answered', 'GaveUp']);
    // What is written to the chart is written to the machine it stands for, and read back from it.
    const written = chart as { version?: string };
    written.version = '2';
    expect(written.version).toBe('2');
    expect(Object.getOwnPropertyDescriptor(chart, 'version')?.value).toBe('2');
  });

  it('keep the implementations setup gave, where provide gives none', () => {
    const actor = createActor(doorChart()).start();
    actor.send({ type: 'knock' });
    expect(actor.getSnapshot().value).toBe('Closed');
    expect(actor.getSnapshot().context.log).toEqual(['locked']);
  });

  it('take what provide gives over setup’s, kind by kind and across provides', async () => {
    const provided = doorChart()
      .provide({ guards: { open: () => true } })
      .provide({ actors: { answer: fromPromise(() => Promise.resolve('provided answer')) } });
    const actor = createActor(provided).start();
    actor.send({ type: 'knock' });
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.value).toBe('Answered');
    expect(done.context.log).toEqual(['provided answer']);
  });

  it('extended, are still built when first used, with the implementations extend adds', () => {
    builds.mockClear();
    const chart = setup({
      types: { context: {} as { log: string[] }, events: {} as { type: 'knock' } },
      actions: { note: xstate.assign({ log: ({ context }) => [...context.log, 'setup'] }) },
      guards: { open: () => false },
    })
      .extend({ guards: { open: () => true } })
      .createMachine({
        context: { log: [] },
        initial: 'Closed',
        states: { Closed: { on: { knock: { guard: 'open', target: 'Open', actions: 'note' } } }, Open: {} },
      });
    expect(builds).not.toHaveBeenCalled();

    const actor = createActor(chart).start();
    actor.send({ type: 'knock' });
    expect(actor.getSnapshot().value).toBe('Open');
    expect(actor.getSnapshot().context.log).toEqual(['setup']);
    expect(builds).toHaveBeenCalledTimes(1);
  });

  it('take provided delays', async () => {
    const actor = createActor(doorChart().provide({ delays: { patience: 5 } })).start();
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: 1000 });
    expect(done.value).toBe('GaveUp');
  });
});
