import { assign, fromCallback, fromPromise, type EventObject } from 'xstate';
import { setup } from '../../../shared/chart-setup';
import { isOnOrigin, type PayStatus } from '../hosted-page/hosted-page.machine';
import {
  ENDS_ABANDONED,
  ENDS_WITH_KEPT_RESULT,
  attemptInput,
  endingOutput,
  initialPaymentContext,
  keepResultAction,
  resultOfCallError,
  type PaymentContext,
} from '../../payment.shared';
import type { AttemptInput, PaymentOrder, ResultWith } from '../../payment.types';
import { providedAtTheEdge } from '../../../shared/provided-at-the-edge';

/** What the card-scan step reports (through postMessage, checked for its origin at the edge). */
export type CardScanEvent =
  | { type: 'scan.approved'; transactionId: string | undefined }
  | { type: 'scan.declined'; message: string | undefined }
  | { type: 'scan.cancelled' };

/** The operator's answer to the start call: status 0 with the scanner's page, or its reason for refusing one. */
export interface CardScanStartAnswer {
  status: number;
  msg: string;
  scanUrl: string | undefined;
}

/**
 * Card scan never ends succeeded here: the frame's word is no verdict, so its end is always the
 * operator's to tell (the purchase's status check), but for a cancel or a scan that never opened.
 */
type CardScanResult = ResultWith<'failed' | 'cancelled' | 'abandoned'>;

interface CardScanContext extends PaymentContext<CardScanResult> {
  /** The scanner's origin, as the build names it: the only place its page may be framed from. */
  scannerOrigin: string;
  /** The scanner's page for the scan the operator opened. */
  scanUrl: string | undefined;
}

/**
 * The frame's verdict, approved or declined, is a hint: the operator was notified by the scanner and
 * says what happened (the purchase asks it, "being confirmed" until it knows).
 */
const ASK_THE_OPERATOR = (transactionId: string | undefined): ResultWith<'failed'> => ({
  outcome: 'failed',
  reason: 'unconfirmed',
  transactionId,
});

/** The start call named a page off the scanner's origin: never framed. */
const UNEXPECTED_ADDRESS: ResultWith<'failed'> = { outcome: 'failed', reason: 'unexpectedFrameUrl' };

/**
 * Card scan: the operator opens a scan with the scanner for its own total and answers the scanner's
 * page; that page (shown in a frame) reads the card with the camera and charges it, and the scanner
 * notifies the operator. The frame's verdict only ends the scan: the purchase asks the operator.
 */
export const cardScanMachine = setup({
  types: {
    context: {} as CardScanContext,
    events: {} as CardScanEvent | { type: 'drawer.close' },
    input: {} as { order: PaymentOrder; scannerOrigin: string },
    output: {} as CardScanResult,
  },
  actors: {
    /** POST /api/payment/pre/card_scan/start: the operator opens the scan and answers its page. */
    startCardScan: fromPromise<CardScanStartAnswer, AttemptInput>(providedAtTheEdge('startCardScan')),
    /** Listens for the scan step's messages from the scanner's origin only. */
    listenForScanResult: fromCallback<EventObject, { scannerOrigin: string }, CardScanEvent>(
      providedAtTheEdge('listenForScanResult'),
    ),
  },
  actions: {
    /** requirements.md §3 payStatus: a reload while the scan is framed asks the operator. */
    storePayStatus: (_, _status: PayStatus) => {},
    keepResult: keepResultAction(),
  },
  guards: {
    startAccepted: (_, answer: CardScanStartAnswer) => answer.status === 0 && answer.scanUrl !== undefined,
    openedOnScanner: ({ context }, answer: CardScanStartAnswer) =>
      answer.status === 0 && isOnOrigin(answer.scanUrl ?? '', context.scannerOrigin),
  },
}).createMachine({
  id: 'cardScan',
  context: ({ input }) => ({
    ...initialPaymentContext({ input }),
    scannerOrigin: input.scannerOrigin,
    scanUrl: undefined,
  }),
  output: endingOutput('failed', 'cancelled', 'abandoned'),
  initial: 'Processing',
  states: {
    Processing: {
      tags: ['processing'],
      // Until the visitor scans, they may still leave.
      on: { 'drawer.close': '#cardScan.Abandoned' },
      initial: 'Starting',
      states: {
        Starting: {
          invoke: {
            id: 'startCardScan',
            src: 'startCardScan',
            input: attemptInput,
            onDone: [
              {
                guard: { type: 'openedOnScanner', params: ({ event }) => event.output },
                target: 'Scanning',
                actions: [
                  assign({ scanUrl: ({ event }) => event.output.scanUrl }),
                  { type: 'storePayStatus', params: 'pending' as const },
                ],
              },
              // Never framed: a page elsewhere could pose as the scanner.
              {
                guard: { type: 'startAccepted', params: ({ event }) => event.output },
                target: '#cardScan.Failed',
                actions: { type: 'keepResult', params: UNEXPECTED_ADDRESS },
              },
              {
                // The operator's (or the scanner's) own reason: nothing was opened.
                target: '#cardScan.Failed',
                actions: {
                  type: 'keepResult',
                  params: ({ event }) => ({ outcome: 'failed', message: event.output.msg, code: event.output.status }),
                },
              },
            ],
            onError: {
              target: '#cardScan.Failed',
              actions: { type: 'keepResult', params: ({ event }) => resultOfCallError(event.error) },
            },
          },
        },
        Scanning: {
          invoke: {
            id: 'listenForScanResult',
            src: 'listenForScanResult',
            input: ({ context }) => ({ scannerOrigin: context.scannerOrigin }),
          },
          on: {
            'scan.approved': {
              target: '#cardScan.Failed',
              actions: { type: 'keepResult', params: ({ event }) => ASK_THE_OPERATOR(event.transactionId) },
            },
            'scan.declined': {
              target: '#cardScan.Failed',
              actions: { type: 'keepResult', params: ASK_THE_OPERATOR(undefined) },
            },
            'scan.cancelled': {
              target: '#cardScan.Cancelled',
              actions: { type: 'keepResult', params: { outcome: 'cancelled' } },
            },
          },
        },
      },
    },
    Failed: ENDS_WITH_KEPT_RESULT,
    Cancelled: ENDS_WITH_KEPT_RESULT,
    Abandoned: ENDS_ABANDONED,
  },
});
