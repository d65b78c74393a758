import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  paymentIntentMachine,
  type PaymentIntent,
  type PaymentIntentInput,
} from '../../machines/custom-payment/payment-intent.machine';
import { selectCanRetry, selectIntentStage } from '../../machines/custom-payment/payment-intent.selectors';
import { ApiError, type ApiFailure } from '../../machines/shared/api-failure';

const QUERY = 'machine_id=1001&amount=7.5&info=Parking';
const INTENT: PaymentIntent = {
  iframeUrl: 'https://pay.example/customPaymentIframe?machineId=1001&totalPrice=7.50',
  visitorUuid: 'visitor-1',
};

/** Answers each get_iframe call with the next of `answers` (an intent, or a failure to throw). */
function start(answers: (PaymentIntent | ApiFailure | Error)[]) {
  const queries: string[] = [];
  const remembered: PaymentIntent[] = [];
  const redirects: string[] = [];
  const actor = createActor(
    paymentIntentMachine.provide({
      actors: {
        fetchIntent: fromPromise<PaymentIntent, PaymentIntentInput>(({ input }) => {
          queries.push(input.query);
          const answer = answers.shift();
          if (answer === undefined) throw new Error('no more answers');
          if (answer instanceof Error) return Promise.reject(answer);
          return 'kind' in answer ? Promise.reject(new ApiError(answer)) : Promise.resolve(answer);
        }),
      },
      actions: {
        rememberIntent: (_, intent) => {
          remembered.push(intent);
        },
        redirect: (_, url) => {
          redirects.push(url);
        },
      },
    }),
    { input: { query: QUERY } },
  );
  actor.start();
  return { actor, queries, remembered, redirects };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (snapshot) => !snapshot.matches('FetchingIntent'));

describe('payment intent (/genPaymentIntend)', () => {
  it('fetches with the query as given, keeps the visitor uuid for its page, then goes there', async () => {
    const { actor, queries, remembered, redirects } = start([INTENT]);
    expect(selectIntentStage(actor.getSnapshot())).toBe('busy');
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('Redirecting');
    expect(snapshot.status).toBe('done');
    expect(selectIntentStage(snapshot)).toBe('busy');
    expect(queries).toEqual([QUERY]);
    expect(remembered).toEqual([INTENT]);
    expect(redirects).toEqual([INTENT.iframeUrl]);
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '/customPaymentIframe?x=1'])(
    'refuses a page at %s: nothing stored, no navigation; retry asks again',
    async (iframeUrl) => {
      const { actor, queries, remembered, redirects } = start([{ ...INTENT, iframeUrl }, INTENT]);
      const snapshot = await settled(actor);
      expect(snapshot.value).toBe('Refused');
      expect(selectIntentStage(snapshot)).toBe('refused');
      expect(remembered).toEqual([]);
      expect(redirects).toEqual([]);
      expect(selectCanRetry(snapshot)).toBe(true);

      actor.send({ type: 'intent.retry' });
      expect((await settled(actor)).value).toBe('Redirecting');
      expect(queries).toEqual([QUERY, QUERY]);
      expect(redirects).toEqual([INTENT.iframeUrl]);
    },
  );

  it.each<ApiFailure>([
    { kind: 'offline' },
    { kind: 'timeout' },
    { kind: 'http', status: 500, message: 'boom' },
    { kind: 'invalid-answer', detail: 'payment.visitor_uuid: Invalid type' },
  ])('a failed call ($kind) can be tried again, and the failure is forgotten on the way', async (failure) => {
    const { actor, redirects } = start([failure, INTENT]);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('Failed');
    expect(selectIntentStage(snapshot)).toBe('failed');
    expect(snapshot.context.failure).toEqual(failure);
    expect(selectCanRetry(snapshot)).toBe(true);

    actor.send({ type: 'intent.retry' });
    expect(actor.getSnapshot().context.failure).toBeUndefined();
    expect((await settled(actor)).value).toBe('Redirecting');
    expect(redirects).toEqual([INTENT.iframeUrl]);
  });

  it('an error that is not an API failure is a failed call too', async () => {
    const { actor } = start([new Error('bug')]);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('Failed');
    expect(snapshot.context.failure).toEqual({ kind: 'invalid-answer', detail: 'Error: bug' });
  });

  it.each([
    [400, 'LinkRejected', 'rejected'],
    [403, 'LinkRejected', 'rejected'],
    [404, 'LinkRejected', 'rejected'],
    [422, 'LinkRejected', 'rejected'],
    [410, 'LinkExpired', 'expired'],
    [409, 'LinkAlreadyPaid', 'alreadyPaid'],
  ])('a link the operator turns down (%d): %s, no retry', async (status, state, stage) => {
    const { actor, queries, redirects } = start([{ kind: 'http', status, message: 'amount: must be above 0' }]);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe(state);
    expect(selectIntentStage(snapshot)).toBe(stage);
    expect(selectCanRetry(snapshot)).toBe(false);
    actor.send({ type: 'intent.retry' });
    expect(actor.getSnapshot().value).toBe(state);
    expect(queries).toHaveLength(1);
    expect(redirects).toEqual([]);
  });
});
