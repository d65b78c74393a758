import { assign, createActor, setup } from 'xstate';
import { amountEntryMachine, type AmountConfirmedEvent } from '../../machines/amount-entry/amount-entry.machine';

/** A tiny parent that invokes the keypad, as the purchase does, and records every amount it confirms. */
const recordingParent = setup({
  types: {
    context: {} as { confirmed: number[] },
    events: {} as AmountConfirmedEvent,
  },
  actors: { amountEntry: amountEntryMachine },
}).createMachine({
  context: { confirmed: [] },
  invoke: { id: 'amountEntry', src: 'amountEntry' },
  on: {
    'amount.confirmed': {
      actions: assign({ confirmed: ({ context, event }) => [...context.confirmed, event.amount] }),
    },
  },
});

/** Starts the recording parent; answers it and the keypad it invoked. */
export function startKeypad() {
  const parent = createActor(recordingParent).start();
  const keypad = parent.getSnapshot().children.amountEntry;
  if (!keypad) throw new Error('the parent did not invoke the amount entry');
  return { parent, keypad };
}
