import { amountEntryMachine, type AmountEntryEvent } from '../../machines/amount-entry/amount-entry.machine';
import { describeEdgePaths, samplesOf } from './edge-coverage';

/**
 * Standalone, the amount entry has no parent for its `sendParent` (the actor would fail on a
 * positive confirm), so the notification is provided as a no-op here; the machine test checks the
 * real notification through a parent.
 */
const machine = amountEntryMachine.provide({ actions: { confirmAmount: () => {} } });

const keys: AmountEntryEvent[] = [
  { type: 'amount.digit', digit: '0' }, // keeps 0 at 0
  { type: 'amount.digit', digit: '5' }, // makes the amount positive
  { type: 'amount.decimalPoint' },
  { type: 'amount.backspace' },
];

/** Texts of up to 3 characters reach every edge; longer ones only edit further, so stop there. */
const MAX_TEXT = 3;

describeEdgePaths({
  machineId: 'amountEntry',
  machine,
  scenarios: [
    {
      label: 'keypad',
      events: (snapshot) => {
        const text = (snapshot.context as { text: string }).text;
        const confirm: AmountEntryEvent = { type: 'amount.confirm' };
        const samples = samplesOf([...keys, confirm]);
        // An empty list stops a key; a missing one would be sent without its payload.
        return text.length >= MAX_TEXT
          ? { ...samples, 'amount.digit': [], 'amount.decimalPoint': [], 'amount.backspace': [] }
          : samples;
      },
      serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as { text: string }).text]),
    },
  ],
});
