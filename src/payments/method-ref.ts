import type { ActorRefFrom } from 'xstate';
import type { MethodActor, PAYMENT_METHOD_ENTRIES } from '../../machines/payment/methods/registry';

/** The running chart of the method registered under `TId` (machines/payment/methods/registry.ts), as its step reads it. */
export type MethodRef<TId extends MethodActor> = ActorRefFrom<(typeof PAYMENT_METHOD_ENTRIES)[TId]['machine']>;
