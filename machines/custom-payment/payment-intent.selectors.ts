import type { SnapshotFrom } from 'xstate';
import type { paymentIntentMachine } from './payment-intent.machine';

type PaymentIntentSnapshot = SnapshotFrom<typeof paymentIntentMachine>;

export type PaymentIntentStage = 'busy' | 'refused' | 'rejected' | 'expired' | 'alreadyPaid' | 'failed';

export function selectIntentStage(snapshot: PaymentIntentSnapshot): PaymentIntentStage {
  if (snapshot.matches('Refused')) return 'refused';
  if (snapshot.matches('LinkRejected')) return 'rejected';
  if (snapshot.matches('LinkExpired')) return 'expired';
  if (snapshot.matches('LinkAlreadyPaid')) return 'alreadyPaid';
  if (snapshot.matches('Failed')) return 'failed';
  return 'busy';
}

export const selectCanRetry = (snapshot: PaymentIntentSnapshot) => snapshot.can({ type: 'intent.retry' });
