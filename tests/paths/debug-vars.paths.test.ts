import { debugVarsMachine, type DebugVarsEvent } from '../../machines/debug-vars/debug-vars.machine';
import { describeEdgePaths, samplesOf } from './edge-coverage';

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

describeEdgePaths({
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
