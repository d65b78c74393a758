import {
  paymentIntentMachine,
  type PaymentIntent,
  type PaymentIntentContext,
  type PaymentIntentInput,
} from '../../machines/custom-payment/payment-intent.machine';
import { ApiError } from '../../machines/shared/api-failure';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, expectTags, samplesOf, to, type Oracle } from './edge-coverage';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { expect } from 'vitest';

const machine = paymentIntentMachine.provide({
  actors: { fetchIntent: pendingPromise<PaymentIntent, PaymentIntentInput>() },
  actions: { rememberIntent: () => {}, redirect: () => {} },
});

const intent = (iframeUrl: string): PaymentIntent => ({ iframeUrl, visitorUuid: 'visitor-1' });

/**
 * requirements.md §7/§8: only an http(s) page is followed; 400/403/404/422 reject the link itself, 410 (expired)
 * and 409 (already paid) too, each with its own words; anything else may be retried.
 */
const oracle: Oracle = {
  next: (_before, event) => {
    const sample = event as EventObject & { output?: PaymentIntent; error?: unknown };
    const failure = (after: AnyMachineSnapshot) =>
      expect((after.context as PaymentIntentContext).failure).toEqual((sample.error as ApiError).failure);
    switch (sample.type) {
      case 'xstate.done.actor.fetchIntent':
        return /^https?:\/\//.test(sample.output?.iframeUrl ?? '') ? to('Redirecting') : to('Refused');
      case 'xstate.error.actor.fetchIntent': {
        // Not an answer of the operator's (a bug, a broken adapter): nothing says the link is wrong.
        if (!(sample.error instanceof ApiError)) return to('Failed');
        const { failure: cause } = sample.error;
        // docs/payments.md "Payment links": 410 once the link's expiry has passed, 409 once its purchase is paid.
        if (cause.kind === 'http' && cause.status === 410) return to('LinkExpired', failure);
        if (cause.kind === 'http' && cause.status === 409) return to('LinkAlreadyPaid', failure);
        const rejected = cause.kind === 'http' && [400, 403, 404, 422].includes(cause.status);
        return to(rejected ? 'LinkRejected' : 'Failed', failure);
      }
      case 'intent.retry':
        return to('FetchingIntent');
      default:
        throw new Error(`the payment intent oracle does not know ${sample.type}`);
    }
  },
  contract: (snapshot) => {
    expectTags(snapshot, { busy: ['FetchingIntent', 'Redirecting'] });
    const { failure } = snapshot.context as PaymentIntentContext;
    expect(failure !== undefined, 'a failure is shown').toBe(
      ['Failed', 'LinkRejected', 'LinkExpired', 'LinkAlreadyPaid'].some((state) => snapshot.matches(state)),
    );
  },
};

describeEdgePaths({
  oracle,
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
        // expired, already paid, both branches of linkRejected, and an error that is no ApiError
        { type: 'xstate.error.actor.fetchIntent', error: new ApiError({ kind: 'http', status: 410 }) },
        { type: 'xstate.error.actor.fetchIntent', error: new ApiError({ kind: 'http', status: 409 }) },
        { type: 'xstate.error.actor.fetchIntent', error: new ApiError({ kind: 'http', status: 400 }) },
        { type: 'xstate.error.actor.fetchIntent', error: new ApiError({ kind: 'offline' }) },
        { type: 'xstate.error.actor.fetchIntent', error: new TypeError('Failed to fetch') },
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
