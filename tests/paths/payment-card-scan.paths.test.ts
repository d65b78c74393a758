import { fromCallback, type EventObject } from 'xstate';
import {
  cardScanMachine,
  type CardScanEvent,
  type CardScanStartAnswer,
} from '../../machines/payment/methods/card-scan/card-scan.machine';
import type { PaymentContext } from '../../machines/payment/payment.shared';
import type { AttemptInput } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, stays, to } from './edge-coverage';
import { abandons, callFailed, fails, paymentOracle } from './payment-oracle';

/** The start call never settles by itself, and the frame says nothing: each path sends their answers. */
const machine = cardScanMachine.provide({
  actors: {
    startCardScan: pendingPromise<CardScanStartAnswer, AttemptInput>(),
    listenForScanResult: fromCallback<EventObject, { scannerOrigin: string }, CardScanEvent>(() => undefined),
  },
});

const SCANNER = 'https://scan.card.test';
const SCAN_PAGE = 'https://scan.card.test/scan?scan=SCAN-1';

/**
 * requirements.md §4 for card scan: the operator opens the scan for its own total and answers the scanner's page
 * (framed only on the scanner's origin); the frame's verdict, approved or declined, is no verdict: the purchase
 * asks the operator ('unconfirmed'). A cancel returns to the methods; until the scan ends the visitor may leave.
 */
const oracle = paymentOracle({
  loading: [],
  next: (before, event) => {
    const sample = event as (CardScanEvent | { type: 'drawer.close' } | EventObject) & {
      output?: CardScanStartAnswer;
      error?: unknown;
    };
    switch (sample.type) {
      case 'xstate.done.actor.startCardScan': {
        const answer = sample.output;
        if (answer?.status !== 0) return fails({ message: answer?.msg, code: answer?.status });
        if (answer.scanUrl === SCAN_PAGE) return to({ Processing: 'Scanning' });
        // status 0 with a page off the scanner's origin (or none): never framed.
        return answer.scanUrl ? fails({ reason: 'unexpectedFrameUrl' }) : fails({ code: 0 });
      }
      case 'xstate.error.actor.startCardScan':
        // Nothing is charged before the scan opens: the operator's own words, else 'Payment failed.'.
        return callFailed(sample.error, { charges: false });
      case 'scan.approved':
        return fails({ reason: 'unconfirmed', transactionId: 'tx-1' });
      case 'scan.declined':
        return fails({ reason: 'unconfirmed' });
      case 'scan.cancelled':
        return to('Cancelled');
      case 'drawer.close':
        return before.matches('Processing') ? abandons() : stays();
      default:
        throw new Error(`the card scan oracle does not know ${sample.type}`);
    }
  },
});

describeEdgePaths({
  oracle,
  machineId: 'cardScan',
  machine,
  scenarios: [
    {
      label: 'the operator opens the scan, then the scan step ends it',
      input: { order: singleLineOrder, scannerOrigin: SCANNER },
      events: samplesOf([
        // openedOnScanner; startAccepted off the scanner; the operator's refusal; status 0 without a page
        {
          type: 'xstate.done.actor.startCardScan',
          output: { status: 0, msg: 'Card scan opened.', scanUrl: SCAN_PAGE },
        },
        {
          type: 'xstate.done.actor.startCardScan',
          output: { status: 0, msg: 'Card scan opened.', scanUrl: 'https://evil.example/scan?scan=SCAN-1' },
        },
        {
          type: 'xstate.done.actor.startCardScan',
          output: { status: 2, msg: 'The scanner is unavailable.', scanUrl: SCAN_PAGE },
        },
        { type: 'xstate.done.actor.startCardScan', output: { status: 0, msg: '', scanUrl: undefined } },
        {
          type: 'xstate.error.actor.startCardScan',
          error: new ApiError({ kind: 'http', status: 409, message: 'This purchase is already paid.' }),
        },
        { type: 'xstate.error.actor.startCardScan', error: new Error('offline') },
        { type: 'scan.approved', transactionId: 'tx-1' },
        { type: 'scan.declined', message: 'Declined' },
        { type: 'scan.cancelled' },
        { type: 'drawer.close' },
      ]),
      // Keyed on the result too, so that each start answer's path is walked.
      serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as PaymentContext).result]),
    },
  ],
});
