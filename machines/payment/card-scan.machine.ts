import { fromCallback, setup, type EventObject } from 'xstate';
import {
  ENDS_ABANDONED,
  ENDS_WITH_KEPT_RESULT,
  endingOutput,
  initialPaymentContext,
  keepResultAction,
  type PaymentContext,
} from './payment.shared';
import type { PaymentOrder, PaymentResult } from './payment.types';
import { providedAtTheEdge } from '../shared/provided-at-the-edge';

/** What the card-scan step reports (through postMessage, checked for its origin at the edge). */
export type CardScanEvent =
  | { type: 'scan.approved'; transactionId: string | undefined }
  | { type: 'scan.declined'; message: string | undefined }
  | { type: 'scan.cancelled' };

/**
 * Card scan: the scan step (the provider's page, shown in a frame) reads the card with the camera
 * and charges it; this machine waits for its verdict.
 */
export const cardScanMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as CardScanEvent | { type: 'drawer.close' },
    input: {} as { order: PaymentOrder },
    output: {} as PaymentResult,
  },
  actors: {
    /** Listens for the scan step's messages from its own origin only. */
    listenForScanResult: fromCallback<EventObject, { order: PaymentOrder }, CardScanEvent>(
      providedAtTheEdge('listenForScanResult'),
    ),
  },
  actions: { keepResult: keepResultAction() },
}).createMachine({
  id: 'cardScan',
  context: initialPaymentContext,
  output: endingOutput('succeeded', 'failed', 'cancelled', 'abandoned'),
  initial: 'Processing',
  states: {
    Processing: {
      tags: ['processing'],
      initial: 'Scanning',
      states: {
        Scanning: {
          invoke: {
            id: 'listenForScanResult',
            src: 'listenForScanResult',
            input: ({ context }) => ({ order: context.order }),
          },
          on: {
            'scan.approved': {
              target: '#cardScan.Success',
              actions: {
                type: 'keepResult',
                params: ({ event }) => ({ outcome: 'succeeded', transactionId: event.transactionId }),
              },
            },
            'scan.declined': {
              target: '#cardScan.Failed',
              actions: { type: 'keepResult', params: ({ event }) => ({ outcome: 'failed', message: event.message }) },
            },
            'scan.cancelled': {
              target: '#cardScan.Cancelled',
              actions: { type: 'keepResult', params: { outcome: 'cancelled' } },
            },
            // Until the visitor scans, they may still leave.
            'drawer.close': '#cardScan.Abandoned',
          },
        },
      },
    },
    Success: ENDS_WITH_KEPT_RESULT,
    Failed: ENDS_WITH_KEPT_RESULT,
    Cancelled: ENDS_WITH_KEPT_RESULT,
    Abandoned: ENDS_ABANDONED,
  },
});
