import {
  paymentIntentMachine,
  type PaymentIntent,
  type PaymentIntentInput,
} from '../../machines/custom-payment/payment-intent.machine';
import { ApiError } from '../../machines/shared/api-failure';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf } from './edge-coverage';

const machine = paymentIntentMachine.provide({
  actors: { fetchIntent: pendingPromise<PaymentIntent, PaymentIntentInput>() },
  actions: { rememberIntent: () => {}, redirect: () => {} },
});

const intent = (iframeUrl: string): PaymentIntent => ({ iframeUrl, visitorUuid: 'visitor-1' });

describeEdgePaths({
  machineId: 'paymentIntent',
  machine,
  scenarios: [
    {
      label: 'get_iframe, then the payment page or a failure',
      input: { query: 'machine_id=1001&amount=7.5' },
      events: samplesOf([
        // both branches of pageIsWebAddress
        { type: 'xstate.done.actor.fetchIntent', output: intent('https://pay.example/customPaymentIframe?x=1') },
        { type: 'xstate.done.actor.fetchIntent', output: intent('javascript:alert(1)') },
        // both branches of linkRejected
        { type: 'xstate.error.actor.fetchIntent', error: new ApiError({ kind: 'http', status: 400 }) },
        { type: 'xstate.error.actor.fetchIntent', error: new ApiError({ kind: 'offline' }) },
        { type: 'intent.retry' },
      ]),
      serializeState: (snapshot) =>
        JSON.stringify({
          value: snapshot.value as unknown,
          failure: (snapshot.context as { failure?: unknown }).failure,
        }),
    },
  ],
});
