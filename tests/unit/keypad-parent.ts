import { assign, createActor, setup } from 'xstate';
import {
  amountEntryMachine,
  type AmountConfirmedEvent,
  type AmountEntryInput,
} from '../../machines/amount-entry/amount-entry.machine';

/** A tiny parent that invokes the keypad, as the purchase does, and records every amount it confirms. */
const recordingParent = setup({
  types: {
    context: {} as { confirmed: number[] } & AmountEntryInput,
    events: {} as AmountConfirmedEvent,
    input: {} as AmountEntryInput,
  },
  actors: { amountEntry: amountEntryMachine },
}).createMachine({
  context: ({ input }) => ({ confirmed: [], minimumAmount: input.minimumAmount }),
  invoke: { id: 'amountEntry', src: 'amountEntry', input: ({ context }) => ({ minimumAmount: context.minimumAmount }) },
  on: {
    'amount.confirmed': {
      actions: assign({ confirmed: ({ context, event }) => [...context.confirmed, event.amount] }),
    },
  },
});

/** Starts the recording parent with the machine's minimum amount; answers it and the keypad it invoked. */
export function startKeypad(minimumAmount: number) {
  const parent = createActor(recordingParent, { input: { minimumAmount } }).start();
  const keypad = parent.getSnapshot().children.amountEntry;
  if (!keypad) throw new Error('the parent did not invoke the amount entry');
  return { parent, keypad };
}
