import { amountEntryMachine, type AmountEntryEvent } from '../../machines/amount-entry/amount-entry.machine';
import { describeEdgePaths, expectTags, samplesOf, stays, to, type Oracle } from './edge-coverage';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';

/**
 * Standalone, the amount entry has no parent for its `sendParent` (the actor would fail on a
 * positive confirm), so the notification is provided as a no-op here; the machine test checks the
 * real notification through a parent.
 */
const machine = amountEntryMachine.provide({ actions: { confirmAmount: () => {} } });

/** The machine's minimum amount for this walk: 0.5 stays below it, 5 reaches it. */
const MINIMUM_AMOUNT = 1;

const keys: AmountEntryEvent[] = [
  { type: 'amount.digit', digit: '0' }, // keeps 0 at 0
  { type: 'amount.digit', digit: '5' }, // 5 reaches the minimum, 0.5 does not
  { type: 'amount.decimalPoint' },
  { type: 'amount.backspace' },
];

/** Texts of up to 3 characters reach every edge; longer ones only edit further, so stop there. */
const MAX_TEXT = 3;

/**
 * requirements.md §5's keypad, written out: starts at 0, the first digit replaces 0, one decimal point, at most
 * 2 decimals and 10 digits, backspace back to 0. The chart must agree on the text after every key.
 */
function typed(text: string, event: AmountEntryEvent): string {
  switch (event.type) {
    case 'amount.digit': {
      const [whole = '', decimals] = text.split('.');
      if (decimals !== undefined) return decimals.length >= 2 ? text : text + event.digit;
      if (whole === '0') return event.digit;
      return whole.length >= 10 ? text : text + event.digit;
    }
    case 'amount.decimalPoint':
      return text.includes('.') ? text : `${text}.`;
    case 'amount.backspace':
      return text.length > 1 ? text.slice(0, -1) : '0';
    case 'amount.confirm':
      return text;
  }
}

const textOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { text: string }).text;

const oracle: Oracle = {
  next: (before, event) => {
    const key = event as AmountEntryEvent;
    const text = typed(textOf(before), key);
    const payable = Number(text) >= 1;
    if (key.type === 'amount.confirm')
      // Confirming below the minimum shows its hint; an amount of at least 1 is handed to the purchase.
      return payable ? stays() : to({ Short: 'BelowMinimum' });
    return to(payable ? 'Payable' : { Short: 'Idle' }, (after) => expect(textOf(after)).toBe(text));
  },
  contract: (snapshot) => {
    expectTags(snapshot, {});
    expect(snapshot.matches('Payable'), 'Payable iff at least 1').toBe(Number(textOf(snapshot)) >= 1);
    expect(textOf(snapshot)).toMatch(/^(0|[1-9]\d{0,9})(\.\d{0,2})?$/);
  },
};

describeEdgePaths({
  oracle,
  machineId: 'amountEntry',
  machine,
  scenarios: [
    {
      label: 'keypad',
      input: { minimumAmount: MINIMUM_AMOUNT },
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
