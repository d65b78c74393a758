import { assign, type EventObject } from 'xstate';
import type { ApiError } from '../shared/api-failure';
import { newAttemptKey } from '../shared/attempt-key';
import {
  PAY_STATUS_DECLINED,
  PAY_STATUS_OK,
  type AttemptInput,
  type PaymentOrder,
  type PaymentOutcome,
  type PaymentResult,
  type PayResponse,
  type ResultWith,
} from './payment.types';

/** `TResult`: the results the method can end with (its output type). */
export interface PaymentContext<TResult extends PaymentResult = PaymentResult> {
  order: PaymentOrder;
  /** Kept on the way to `Success` or `Failed`, whose output it is; none while the visitor has not paid. */
  result?: TResult | undefined;
  /** The Idempotency-Key of the attempt under way: one per run, a new one when the visitor pays again. */
  attemptKey: string;
}

/** Every payment machine starts from the order, with no result yet and the first attempt's key. */
export const initialPaymentContext = ({ input }: { input: { order: PaymentOrder } }): PaymentContext<never> => ({
  order: input.order,
  attemptKey: newAttemptKey(),
});

/** A result kept on the way to an ending: any of the method's results but abandoned, which is its own ending's output. */
export type KeptResult<TResult extends PaymentResult> = Exclude<TResult, ResultWith<'abandoned'>>;

/**
 * The one action that keeps a payment's result, named `keepResult` in each chart's `setup({ actions })`
 * (`keepResult: keepResultAction()`, which takes the chart's context and events from there). Every edge
 * that records a result names it: `{ type: 'keepResult', params: <the result> }`, or `params: ({ event }) => …`
 * to read the result from the event. Its params are the results the chart's context may keep, so an edge
 * can keep only a result its chart may end with. (It answers the whole context with the result: TypeScript
 * checks a spread of a generic context, not a part of one; xstate merges either the same way.)
 */
export function keepResultAction<TContext extends PaymentContext, TEvent extends EventObject>() {
  return assign<TContext, TEvent, KeptResult<NonNullable<TContext['result']>>, TEvent, never>(
    ({ context }, result) => ({
      ...context,
      result,
    }),
  );
}

/** The final state reached with a result kept on the way there (`Success`, `Failed`, `Cancelled`): its output. */
export const ENDS_WITH_KEPT_RESULT = { type: 'final', output: keptResult } as const;

function keptResult({ context }: { context: PaymentContext }) {
  return context.result;
}

/** The final state of a visitor who closed the drawer before paying; its output says so, as nothing was kept. */
export const ENDS_ABANDONED = {
  type: 'final',
  output: { outcome: 'abandoned' } satisfies ResultWith<'abandoned'>,
} as const;

/** The input of a call that moves money: the order and the attempt's key. */
export const attemptInput = ({ context }: { context: PaymentContext }): AttemptInput => ({
  order: context.order,
  attemptKey: context.attemptKey,
});

/**
 * A payment machine's output: the output of the final state it ended in, one of the method's `outcomes`.
 * XState hands a final state's output to the machine untyped; this checks it instead of trusting it.
 */
export function endingOutput<const TOutcome extends PaymentOutcome>(...outcomes: TOutcome[]) {
  return ({ event }: { event: { output: unknown } }): ResultWith<TOutcome> => {
    const { output } = event;
    if (isResultWith(output, outcomes)) return output;
    throw new Error(`a payment ended without one of its results (${outcomes.join(', ')})`);
  };
}

function isResultWith<TOutcome extends PaymentOutcome>(
  value: unknown,
  outcomes: readonly TOutcome[],
): value is ResultWith<TOutcome> {
  return typeof value === 'object' && value !== null && 'outcome' in value && outcomes.some((o) => o === value.outcome);
}

export const isPayApproved = (response: PayResponse) => response.status === PAY_STATUS_OK;

/**
 * requirements.md §4: status 0 succeeds with the message and transaction id; 1, the operator's decline,
 * fails with both: the operator says no money moved. Any other answer is no verdict (a charge the
 * provider approved may stand behind it: a second charge the operator refunds, a confirmation it could
 * not make), so the purchase asks the operator what became of its payment (unconfirmed).
 */
export function resultOfPayResponse(response: PayResponse): ResultWith<'succeeded' | 'failed'> {
  if (isPayApproved(response))
    return { outcome: 'succeeded', transactionId: response.transactionId, message: response.msg };
  return response.status === PAY_STATUS_DECLINED
    ? { outcome: 'failed', transactionId: response.transactionId, message: response.msg, code: response.status }
    : { outcome: 'failed', reason: 'unconfirmed', transactionId: response.transactionId };
}

/** A failed call to the operator: its own message when it gave one, else the generic failure. */
export function resultOfCallError(error: unknown): ResultWith<'failed'> {
  const failure = (error as Partial<ApiError> | undefined)?.failure;
  return failure?.kind === 'http' && failure.message
    ? { outcome: 'failed', message: failure.message, code: failure.status }
    : { outcome: 'failed', reason: 'paymentFailed' };
}

/** The operator's rate limit (429, docs/payments.md "Rate limits"): it refuses before any attempt is opened. */
export const HTTP_TOO_MANY_REQUESTS = 429;

/**
 * A failed call that charges (or confirms a charge): offline, a time-out, an HTTP error or an answer the
 * app cannot read says nothing of the money, which may have moved; only the operator can tell, so the
 * purchase asks it (the app says "not charged" only when the operator does). The one exception is the
 * operator's rate limit: a 429 is answered before anything reaches a provider, so it is a plain failure.
 */
export function resultOfPayCallError(error: unknown): ResultWith<'failed'> {
  const failure = (error as Partial<ApiError> | undefined)?.failure;
  return failure?.kind === 'http' && failure.status === HTTP_TOO_MANY_REQUESTS
    ? { outcome: 'failed', reason: 'paymentFailed' }
    : { outcome: 'failed', reason: 'unconfirmed' };
}

/** How a pay call's answer reaches the machine's guards and actions. */
interface PayCallDone {
  event: { output: PayResponse };
}

const payResponse = ({ event }: PayCallDone) => event.output;

const answerResult = ({ event }: PayCallDone) => resultOfPayResponse(event.output);

const callErrorResult = ({ event }: { event: { error: unknown } }) => resultOfPayCallError(event.error);

interface PayCall<TSrc extends string, TContext> {
  /** The payment machine's id: its `Success` and `Failed` final states end the call. */
  machine: string;
  /** The operator's call, invoked under the same id. */
  src: TSrc;
  /** An approved answer's result, when it needs more than the answer's message and transaction id. */
  approved?: (args: PayCallDone & { context: TContext }) => ResultWith<'succeeded' | 'failed'>;
}

/**
 * The `invoke` of a state that makes the operator's pay call (or confirms a charge with it), all but its
 * input: an approved answer succeeds, any other fails with the operator's words, and a failed call fails
 * as resultOfPayCallError says (without any answer the charge may have gone through). The machine
 * declares the `payApproved` guard it names, and the `keepResult` action (keepResultAction).
 */
export function payCall<const TSrc extends string, TContext = unknown>({
  machine,
  src,
  approved = answerResult,
}: PayCall<TSrc, TContext>) {
  return {
    id: src,
    src,
    onDone: [
      {
        guard: { type: 'payApproved', params: payResponse },
        target: `#${machine}.Success`,
        actions: { type: 'keepResult', params: approved },
      },
      { target: `#${machine}.Failed`, actions: { type: 'keepResult', params: answerResult } },
    ],
    onError: { target: `#${machine}.Failed`, actions: { type: 'keepResult', params: callErrorResult } },
  } as const;
}
