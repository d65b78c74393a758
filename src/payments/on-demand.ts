import { fromCallback } from 'xstate';

/**
 * Runs a callback actor from a module loaded on demand: events that arrive while it loads wait
 * for it, and stopping before it has loaded starts nothing.
 */
export function lazyCallback<TEvent extends { type: string }, TInput, TEmitted extends { type: string }>(
  load: () => Promise<{
    run: (
      input: TInput,
      sendBack: (event: TEmitted) => void,
      receive: (listener: (event: TEvent) => void) => void,
    ) => () => void;
  }>,
) {
  return fromCallback<TEvent, TInput, TEmitted>(({ input, sendBack, receive }) => {
    let stopped = false;
    let cleanup = () => {};
    const waiting: TEvent[] = [];
    let listener: (event: TEvent) => void = (event) => waiting.push(event);
    receive((event) => listener(event));
    void load().then(({ run }) => {
      if (stopped) return;
      cleanup = run(input, sendBack, (next) => {
        listener = next;
        waiting.splice(0).forEach(next);
      });
    });
    return () => {
      stopped = true;
      cleanup();
    };
  });
}

/** A module loaded on demand that can then be used synchronously (inside a user gesture). */
export function preloadable<TModule>(load: () => Promise<TModule>) {
  let module: TModule | undefined;
  return {
    load: async () => {
      module ??= await load();
    },
    loaded: () => module,
  };
}
