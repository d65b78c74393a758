import { createMachine, setup as xstateSetup, type AnyStateMachine } from 'xstate';

/** A chart's implementations by kind, as `setup` and `provide` take them (their types are checked there). */
type Implementations = Partial<Record<'actors' | 'actions' | 'guards' | 'delays', object>>;

/**
 * XState's `setup`, whose `createMachine` builds the chart when it is first used, not when its module is
 * evaluated, and whose `provide` builds the chart with its implementations from the config alone.
 *
 * XState builds a chart's whole tree of state nodes in `createMachine`, and again in each `provide`. The page
 * uses only the provided charts, so it built each chart twice, every chart at start-up, whether the visit
 * needs it or not (a payment method's chart is needed only once the visitor picks the method). Built here,
 * each chart the page uses is built once, when it is first started; a test or a diagram that reads the chart
 * itself builds it then. Every chart is written with this `setup` (ESLint holds it).
 */
export const setup = ((definitions: Parameters<typeof xstateSetup>[0]) => {
  const chart = xstateSetup(definitions);
  const { actors, actions, guards, delays } = definitions;
  return {
    ...chart,
    createMachine: (config: object) =>
      builtOnFirstUse({ ...config, schemas: definitions.schemas }, { actors, actions, guards, delays }),
    // As XState's `extend` merges (actions, guards and delays; the actors and schemas stay), but into this
    // `setup`: XState's would give its own, whose charts are built at once.
    extend: (extended: Implementations) =>
      setup({
        ...definitions,
        actions: { ...actions, ...extended.actions },
        guards: { ...guards, ...extended.guards },
        delays: { ...delays, ...extended.delays },
      } as never),
  };
}) as typeof xstateSetup;

function builtOnFirstUse(config: object, implementations: Implementations): AnyStateMachine {
  let machine: AnyStateMachine | undefined;
  const built = () => (machine ??= createMachine(config, implementations as never));
  const provide = (provided: Implementations) =>
    builtOnFirstUse(config, {
      actors: { ...implementations.actors, ...provided.actors },
      actions: { ...implementations.actions, ...provided.actions },
      guards: { ...implementations.guards, ...provided.guards },
      delays: { ...implementations.delays, ...provided.delays },
    });
  const chart = new Proxy<object>(
    {},
    {
      get: (_, key): unknown => (key === 'provide' ? provide : Reflect.get(built(), key)),
      set: (_, key, value) => Reflect.set(built(), key, value),
      has: (_, key) => Reflect.has(built(), key),
      ownKeys: () => Reflect.ownKeys(built()),
      getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(built(), key),
      getPrototypeOf: () => Reflect.getPrototypeOf(built()),
    },
  );
  return chart as AnyStateMachine;
}
