import { assign } from 'xstate';
import { setup } from '../shared/chart-setup';
import { checkBaseHost } from './base-host';

export interface DebugVarsInput {
  /** The base host local storage holds now (null: none, the default is used). */
  stored: string | null;
}

export interface DebugVarsContext {
  /** What the base host field shows. */
  draft: string;
  stored: string | null;
}

export type DebugVarsEvent =
  { type: 'baseHost.change'; value: string } | { type: 'baseHost.save' } | { type: 'baseHost.reset' };

/** The stored host: saving a valid draft stores it in its normal form. */
const storedHost = (draft: string): string => {
  const check = checkBaseHost(draft);
  if (!check.ok) throw new Error('only a valid base host is stored');
  return check.host;
};

/**
 * The base host form of /debug_vars. The API client reads the base host once, when the page loads,
 * so Saved says the change takes effect on the next load. An invalid address is reported when the
 * operator saves it; from then on each change checks it again, so the error goes once it is fixed.
 */
export const debugVarsMachine = setup({
  types: {
    context: {} as DebugVarsContext,
    events: {} as DebugVarsEvent,
    input: {} as DebugVarsInput,
  },
  actions: {
    /** Writes local storage `base_host`. */
    storeBaseHost: (_, _host: string) => {},
    /** Removes local storage `base_host`: the build default (or this origin) is used again. */
    clearBaseHost: () => {},
    editDraft: assign({ draft: (_, value: string) => value }),
    keepStored: assign((_, host: string) => ({ stored: host, draft: host })),
    forgetStored: assign({ stored: null, draft: '' }),
  },
  guards: {
    validBaseHost: (_, text: string) => checkBaseHost(text).ok,
  },
}).createMachine({
  id: 'debugVars',
  context: ({ input }) => ({ draft: input.stored ?? '', stored: input.stored }),
  initial: 'Editing',
  on: {
    'baseHost.change': {
      target: '.Editing.Drafting',
      actions: { type: 'editDraft', params: ({ event }) => event.value },
    },
    'baseHost.save': [
      {
        guard: { type: 'validBaseHost', params: ({ context }) => context.draft },
        target: '.Saved.Custom',
        actions: [
          { type: 'storeBaseHost', params: ({ context }) => storedHost(context.draft) },
          { type: 'keepStored', params: ({ context }) => storedHost(context.draft) },
        ],
      },
      { target: '.Editing.Invalid' },
    ],
    'baseHost.reset': { target: '.Saved.Default', actions: ['clearBaseHost', 'forgetStored'] },
  },
  states: {
    Editing: {
      initial: 'Drafting',
      states: {
        Drafting: {},
        /** The error shows until a change makes the address valid. */
        Invalid: {
          on: {
            'baseHost.change': [
              {
                guard: { type: 'validBaseHost', params: ({ event }) => event.value },
                target: 'Drafting',
                actions: { type: 'editDraft', params: ({ event }) => event.value },
              },
              { actions: { type: 'editDraft', params: ({ event }) => event.value } },
            ],
          },
        },
      },
    },
    /** Local storage was written; the page uses it from its next load. */
    Saved: {
      initial: 'Custom',
      states: {
        Custom: {},
        Default: {},
      },
    },
  },
});
