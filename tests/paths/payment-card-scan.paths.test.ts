import { fromCallback, type EventObject } from 'xstate';
import { cardScanMachine, type CardScanEvent } from '../../machines/payment/card-scan.machine';
import type { PaymentOrder } from '../../machines/payment/payment.types';
import { singleLineOrder } from '../fixtures/orders';
import { describeEdgePaths, samplesOf, to } from './edge-coverage';
import { abandons, fails, paymentOracle, succeeds } from './payment-oracle';

const machine = cardScanMachine.provide({
  actors: { listenForScanResult: fromCallback<EventObject, { order: PaymentOrder }, CardScanEvent>(() => undefined) },
});

/** requirements.md §4 for card scan: the scan step's verdict ends it; until then the visitor may leave. */
const oracle = paymentOracle({
  loading: [],
  next: (_before, event) => {
    const sample = event as CardScanEvent | { type: 'drawer.close' };
    switch (sample.type) {
      case 'scan.approved':
        return succeeds(sample.transactionId);
      case 'scan.declined':
        return fails({ message: sample.message });
      case 'scan.cancelled':
        return to('Cancelled');
      case 'drawer.close':
        return abandons();
    }
  },
});

describeEdgePaths({
  oracle,
  machineId: 'cardScan',
  machine,
  scenarios: [
    {
      label: 'scan step verdicts',
      input: { order: singleLineOrder },
      events: samplesOf([
        { type: 'scan.approved', transactionId: 'tx-1' },
        { type: 'scan.declined', message: 'Declined' },
        { type: 'scan.cancelled' },
        { type: 'drawer.close' },
      ]),
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
    },
  ],
});
