import {
  debugVarsMachine,
  type DebugVarsContext,
  type DebugVarsEvent,
} from '../../machines/debug-vars/debug-vars.machine';
import { describeEdgePaths, expectTags, samplesOf, stays, to, type Oracle } from './edge-coverage';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';

const machine = debugVarsMachine.provide({ actions: { storeBaseHost: () => {}, clearBaseHost: () => {} } });

/** One text of each kind the guard tells apart; the draft only ever takes these, so the walk is bounded. */
const events: DebugVarsEvent[] = [
  { type: 'baseHost.change', value: 'https://api.example.com' },
  { type: 'baseHost.change', value: 'api.example.com' },
  { type: 'baseHost.save' },
  { type: 'baseHost.reset' },
];

const serializeState = (snapshot: { value: unknown; context: unknown }) =>
  JSON.stringify([snapshot.value, snapshot.context]);

/** The samples the spec accepts as a base host: an http(s) address with nothing but a path. */
const VALID_HOSTS = new Set(['https://api.example.com', 'https://stored.example.com']);

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DebugVarsContext;

const oracle: Oracle = {
  next: (before, event) => {
    const sample = event as DebugVarsEvent;
    const { draft } = contextOf(before);
    switch (sample.type) {
      case 'baseHost.change': {
        const drafted = (after: AnyMachineSnapshot) => expect(contextOf(after).draft).toBe(sample.value);
        // The error stays until a change makes the address valid.
        const stillInvalid = before.matches({ Editing: 'Invalid' }) && !VALID_HOSTS.has(sample.value);
        return stillInvalid ? stays(drafted) : to({ Editing: 'Drafting' }, drafted);
      }
      case 'baseHost.save':
        return VALID_HOSTS.has(draft)
          ? to({ Saved: 'Custom' }, (after) => expect(contextOf(after)).toEqual({ draft, stored: draft }))
          : to({ Editing: 'Invalid' });
      case 'baseHost.reset':
        return to({ Saved: 'Default' }, (after) => expect(contextOf(after)).toEqual({ draft: '', stored: null }));
    }
  },
  contract: (snapshot) => {
    expectTags(snapshot, {});
    const { draft, stored } = contextOf(snapshot);
    if (snapshot.matches({ Saved: 'Custom' })) expect(stored).toBe(draft);
    if (snapshot.matches({ Saved: 'Default' })) expect(stored).toBeNull();
  },
};

describeEdgePaths({
  oracle,
  machineId: 'debugVars',
  machine,
  scenarios: [
    { label: 'nothing stored', input: { stored: null }, events: samplesOf(events), serializeState },
    {
      label: 'a host stored',
      input: { stored: 'https://stored.example.com' },
      events: samplesOf(events),
      serializeState,
    },
  ],
});
