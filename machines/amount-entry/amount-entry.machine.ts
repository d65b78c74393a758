import { assign, sendParent, setup } from 'xstate';
import { amountValue, appendDecimalPoint, appendDigit, EMPTY_AMOUNT, removeLast, type Digit } from './amount-rules';

export type AmountEntryEvent =
  | { type: 'amount.digit'; digit: Digit }
  | { type: 'amount.decimalPoint' }
  | { type: 'amount.backspace' }
  | { type: 'amount.confirm' };

/** What the amount entry tells its parent when the visitor confirms a positive amount. */
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

/** Each keypad key lands in Positive or Zero, depending on the amount it leaves. */
const keyEdges = [
  {
    guard: {
      type: 'leavesPositiveAmount',
      params: ({ context, event }: { context: { text: string }; event: EditEvent }) => edit(context.text, event),
    },
    target: '.Positive',
    actions: 'applyKey',
  },
  { target: '.Zero', actions: 'applyKey' },
] as const;

/**
 * The price-input keypad (requirements.md §5): starts at 0, the first digit replaces 0, at most 10 digits and
 * 2 decimals, one decimal point, backspace back to 0; confirming is possible only above 0.
 */
export const amountEntryMachine = setup({
  types: {
    context: {} as { text: string },
    events: {} as AmountEntryEvent,
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
    leavesPositiveAmount: (_, nextText: string) => amountValue(nextText) > 0,
  },
}).createMachine({
  id: 'amountEntry',
  context: { text: EMPTY_AMOUNT },
  initial: 'Zero',
  on: {
    'amount.digit': keyEdges,
    'amount.decimalPoint': keyEdges,
    'amount.backspace': keyEdges,
  },
  states: {
    Zero: {
      initial: 'Idle',
      states: {
        Idle: {},
        /** The visitor tried to continue with nothing typed: the minimum-amount hint shows. */
        BelowMinimum: {},
      },
      on: { 'amount.confirm': '.BelowMinimum' },
    },
    Positive: {
      on: { 'amount.confirm': { actions: 'confirmAmount' } },
    },
  },
});
