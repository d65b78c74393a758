import { fromCallback, type EventObject } from 'xstate';
import { cardScanMachine, type CardScanEvent } from '../../machines/payment/card-scan.machine';
import type { PaymentOrder } from '../../machines/payment/payment.types';
import { singleLineOrder } from '../fixtures/orders';
import { describeEdgePaths, samplesOf } from './edge-coverage';

const machine = cardScanMachine.provide({
  actors: { listenForScanResult: fromCallback<EventObject, { order: PaymentOrder }, CardScanEvent>(() => undefined) },
});

describeEdgePaths({
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
