import {
  hostedPageMachine,
  type HostedPageInput,
  type ReturnedPayment,
} from '../../machines/payment/hosted-page.machine';
import type { PaymentOrder, PayResponse } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder } from '../fixtures/orders';
import { HOSTED_PAGE } from '../fixtures/purchases';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf } from './edge-coverage';

const input: HostedPageInput = { order: singleLineOrder, ...HOSTED_PAGE };
const PAGE_URL = `${input.pageOrigin}/p/?action=pay&Masof=4500`;

const machine = hostedPageMachine.provide({
  actors: {
    fetchPaymentPage: pendingPromise<string, { order: PaymentOrder; returnUrl: string }>(),
    verifyHostedPayment: pendingPromise<PayResponse, { order: PaymentOrder; returned: ReturnedPayment }>(),
  },
  actions: { storePayStatus: () => {} },
});

const events = samplesOf([
  // every branch of onProviderOrigin
  { type: 'xstate.done.actor.fetchPaymentPage', output: PAGE_URL },
  { type: 'xstate.done.actor.fetchPaymentPage', output: 'https://elsewhere.test/p/' },
  { type: 'xstate.error.actor.fetchPaymentPage', error: new ApiError({ kind: 'http', status: 500 }) },
  { type: 'drawer.close' },
  { type: 'frame.providerPage' },
  // every branch of atReturnPage, then of payApproved
  { type: 'frame.loaded', url: `${input.returnUrl}?Id=tx-1&CCode=0&Sign=f00` },
  { type: 'frame.loaded', url: 'about:blank' },
  { type: 'xstate.done.actor.verifyHostedPayment', output: { status: 0, msg: 'ok', transactionId: 'tx-1' } },
  { type: 'xstate.done.actor.verifyHostedPayment', output: { status: 1, msg: 'Card declined', transactionId: 'tx-1' } },
  { type: 'xstate.error.actor.verifyHostedPayment', error: new ApiError({ kind: 'timeout' }) },
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
