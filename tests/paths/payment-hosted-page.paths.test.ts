import {
  hostedPageMachine,
  type HostedPageInput,
  type ReturnedPayment,
} from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { PayResponse, AttemptInput } from '../../machines/payment/payment.types';
import { ApiError } from '../../machines/shared/api-failure';
import { singleLineOrder } from '../fixtures/orders';
import { HOSTED_PAGE } from '../fixtures/purchases';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, stays, to } from './edge-coverage';
import { abandons, callFailed, fails, payAnswered, paymentOracle } from './payment-oracle';
import type { EventObject } from 'xstate';

const input: HostedPageInput = { order: singleLineOrder, ...HOSTED_PAGE };
const PAGE_URL = `${input.pageOrigin}/p/?action=pay&Masof=4500`;

const machine = hostedPageMachine.provide({
  actors: {
    fetchPaymentPage: pendingPromise<string, AttemptInput>(),
    verifyHostedPayment: pendingPromise<PayResponse, AttemptInput & { returned: ReturnedPayment }>(),
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
  // Hyp's page outlives its 10 minutes (xstate 5.33 names it `xstate.after.<delay name>.<state id>`)
  { type: 'xstate.after.pageValidity.hostedPage.Processing.Framed' },
]);

/**
 * requirements.md §4 and §8 for Yaad Sarig's hosted page: its address, the page in a frame, the return page, the
 * verification.
 */
const oracle = paymentOracle({
  loading: ['Idle', { Processing: { Framed: 'LoadingPage' } }, { Processing: 'Verifying' }],
  next: (before, event) => {
    const sample = event as EventObject & { output?: unknown; error?: unknown; url?: string };
    switch (sample.type) {
      case 'xstate.done.actor.fetchPaymentPage':
        // requirements.md §8 'actualUrl !== iframeUrl': only a page on the provider's origin is framed.
        return String(sample.output).startsWith(`${input.pageOrigin}/`)
          ? to({ Processing: { Framed: 'LoadingPage' } })
          : fails({ reason: 'unexpectedFrameUrl' });
      case 'xstate.error.actor.fetchPaymentPage':
        return callFailed(sample.error, { charges: false });
      case 'drawer.close':
        return before.matches({ Processing: 'Verifying' }) ? stays() : abandons();
      case 'frame.providerPage':
        return to({ Processing: { Framed: 'ShowingPage' } });
      case 'frame.loaded':
        return sample.url?.startsWith(input.returnUrl)
          ? to({ Processing: 'Verifying' })
          : fails({ reason: 'unexpectedFrameUrl' });
      case 'xstate.done.actor.verifyHostedPayment':
        return payAnswered(sample.output as PayResponse);
      case 'xstate.error.actor.verifyHostedPayment':
        return callFailed(sample.error, { charges: true });
      case 'xstate.after.pageValidity.hostedPage.Processing.Framed':
        // Hyp serves the page 10 minutes; it is never counted once the payer is back (Verifying).
        return before.matches({ Processing: 'Framed' }) ? fails({ reason: 'pageExpired' }) : stays();
      default:
        throw new Error(`the hosted page oracle does not know ${sample.type}`);
    }
  },
});

describeEdgePaths({
  oracle,
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
