import { hostedPageMachine, type HostedPageInput } from '../../machines/payment/hosted-page.machine';
import type { PaymentOrder } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder } from '../fixtures/orders';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf } from './edge-coverage';

const PAGE_URL = 'https://pay.yaad.test/p/form?Masof=4500';
const input: HostedPageInput = { order: singleLineOrder, successUrl: 'https://success.pay-app.test/done' };

const machine = hostedPageMachine.provide({
  actors: { fetchPaymentPage: pendingPromise<string, { order: PaymentOrder }>() },
  actions: { storePayStatus: () => {} },
});

const events = samplesOf([
  { type: 'xstate.done.actor.fetchPaymentPage', output: PAGE_URL },
  { type: 'xstate.error.actor.fetchPaymentPage', error: new ApiError({ kind: 'http', status: 500 }) },
  { type: 'drawer.close' },
  // every branch of atSuccessHost / atOriginalAddress
  { type: 'frame.loaded', url: `${input.successUrl}?transaction_id=tx-1` },
  { type: 'frame.loaded', url: 'https://pay.yaad.test/p/form?Masof=4500&retry=1' },
  { type: 'frame.loaded', url: 'https://elsewhere.test/' },
]);

describeEdgePaths({
  machineId: 'hostedPage',
  machine,
  scenarios: [
    {
      label: 'Yaad Sarig page',
      input,
      events,
      serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context as { pageUrl: string }).pageUrl]),
    },
  ],
});
