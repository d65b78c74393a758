import { assign, sendParent } from 'xstate';
import { setup } from '../shared/chart-setup';
import { amountValue, appendDecimalPoint, appendDigit, EMPTY_AMOUNT, removeLast, type Digit } from './amount-rules';

export type AmountEntryEvent =
  | { type: 'amount.digit'; digit: Digit }
  | { type: 'amount.decimalPoint' }
  | { type: 'amount.backspace' }
  | { type: 'amount.confirm' };

/** The machine's menu decides the smallest amount the visitor may continue with. */
export interface AmountEntryInput {
  /** The menu's `minimum_amount`, in major units. */
  minimumAmount: number;
}

/** What the amount entry tells its parent when the visitor confirms an amount of at least the minimum. */
export interface AmountConfirmedEvent {
  type: 'amount.confirmed';
  amount: number;
}

type EditEvent = Exclude<AmountEntryEvent, { type: 'amount.confirm' }>;

function edit(text: string, event: EditEvent): string {
  switch (event.type) {
    case 'amount.digit':
      return appendDigit(text, event.digit);
    case 'amount.decimalPoint':
      return appendDecimalPoint(text);
    case 'amount.backspace':
      return removeLast(text);
  }
}

/** Each keypad key lands in Payable or Short, depending on the amount it leaves. */
const keyEdges = [
  {
    guard: {
      type: 'leavesPayableAmount',
      params: ({ context, event }: { context: { text: string }; event: EditEvent }) => edit(context.text, event),
    },
    target: '.Payable',
    actions: 'applyKey',
  },
  { target: '.Short', actions: 'applyKey' },
] as const;

/**
 * The price-input keypad (requirements.md §5): starts at 0, the first digit replaces 0, at most 10 digits and
 * 2 decimals, one decimal point, backspace back to 0; confirming is possible only from the machine's minimum
 * amount up (its menu's `minimum_amount`, at least one cent): below it the minimum-amount hint shows.
 */
export const amountEntryMachine = setup({
  types: {
    context: {} as { text: string; minimumAmount: number },
    events: {} as AmountEntryEvent,
    input: {} as AmountEntryInput,
  },
  actions: {
    applyKey: assign({
      text: ({ context, event }) => (event.type === 'amount.confirm' ? context.text : edit(context.text, event)),
    }),
    confirmAmount: sendParent(({ context }): AmountConfirmedEvent => ({
      type: 'amount.confirmed',
      amount: amountValue(context.text),
    })),
  },
  guards: {
    leavesPayableAmount: ({ context }, nextText: string) => amountValue(nextText) >= context.minimumAmount,
  },
}).createMachine({
  id: 'amountEntry',
  context: ({ input }) => ({ text: EMPTY_AMOUNT, minimumAmount: input.minimumAmount }),
  initial: 'Short',
  on: {
    'amount.digit': keyEdges,
    'amount.decimalPoint': keyEdges,
    'amount.backspace': keyEdges,
  },
  states: {
    /** Below the machine's minimum amount (0 included). */
    Short: {
      initial: 'Idle',
      states: {
        Idle: {},
        /** The visitor tried to continue below the minimum: the minimum-amount hint shows. */
        BelowMinimum: {},
      },
      on: { 'amount.confirm': '.BelowMinimum' },
    },
    Payable: {
      on: { 'amount.confirm': { actions: 'confirmAmount' } },
    },
  },
});
