import type { ActorRefFrom } from 'xstate';
import type { amountEntryMachine } from '../../../machines/amount-entry/amount-entry.machine';
import type { purchaseMachine } from '../../../machines/purchase/purchase.machine';

export type PurchaseRef = ActorRefFrom<typeof purchaseMachine>;
export type AmountEntryRef = ActorRefFrom<typeof amountEntryMachine>;
