import { newAttemptKey } from '../../../shared/attempt-key';
import { assign, fromPromise } from 'xstate';
import { setup } from '../../../shared/chart-setup';
import {
  ENDS_ABANDONED,
  ENDS_WITH_KEPT_RESULT,
  initialPaymentContext,
  isPayApproved,
  keepResultAction,
  payCall,
  endingOutput,
  resultOfCallError,
  resultOfPayResponse,
  type PaymentContext,
  attemptInput,
} from '../../payment.shared';
import {
  type PaymentOrder,
  type PayResponse,
  type ResultWith,
  type UncancellableResult,
  type AttemptInput,
} from '../../payment.types';
import { fieldOf, textFieldOf } from '../../../shared/field-of';
import { providedAtTheEdge } from '../../../shared/provided-at-the-edge';

export const CARD_FIELDS = ['credit_card_number', 'expiry', 'cvv'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type FieldErrors = Partial<Record<CardField, string>>;

/** How the card processor rejects a charge (requirements.md §3 "Card processor error"). */
export interface CardProcessorError {
  messages?: { param?: string; message?: string }[];
}

/** The per-field messages of a charge error; empty when the processor named no field. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const messages = fieldOf(error, 'messages');
  if (!Array.isArray(messages)) return {};
  const errors: FieldErrors = {};
  for (const entry of messages) {
    const param = textFieldOf(entry, 'param');
    const message = textFieldOf(entry, 'message');
    const field = CARD_FIELDS.find((name) => name === param);
    if (field && message) errors[field] = message;
  }
  return errors;
}

/**
 * requirements.md §5: the price must be above 0 and equal the stored first line's price (the price the
 * visitor chose, fee included), unless the payment is deferred.
 */
export function isChargeablePrice(order: PaymentOrder): boolean {
  if (order.deferredPayment) return true;
  return order.total > 0 && order.total === order.lines[0]?.lineTotal;
}

/** The processor's transaction id in a charge response (transaction_response.transaction_id). */
export function chargeTransactionId(chargeResponse: unknown): string | undefined {
  const id = (chargeResponse as { transaction_response?: { transaction_id?: unknown } } | undefined)
    ?.transaction_response?.transaction_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The transaction_response of a charge answer, if it has one. */
const transactionResponseOf = (chargeResponse: unknown) =>
  (chargeResponse as { transaction_response?: Record<string, unknown> | null } | undefined)?.transaction_response;

/**
 * A decline (Tranzila Hosted Fields, docs.tranzila.com) is an answer, not an error: the callback gets a
 * response whose transaction_response.success is false, with its error_code and the processor's words.
 */
export const isDeclined = (chargeResponse: unknown) => transactionResponseOf(chargeResponse)?.success === false;

/** A declined charge's result: the processor's message (else 'Payment failed.'), its code and transaction id. */
export function resultOfDecline(chargeResponse: unknown): ResultWith<'failed'> {
  const { error, error_code: code } = transactionResponseOf(chargeResponse) ?? {};
  return {
    outcome: 'failed',
    ...(typeof error === 'string' && error ? { message: error } : { reason: 'paymentFailed' }),
    code: typeof code === 'string' || typeof code === 'number' ? code : undefined,
    transactionId: chargeTransactionId(chargeResponse),
  };
}

/** An approved charge's result: the callback may not repeat the transaction id; the processor's charge always has one. */
function confirmedCharge({ context, event }: { context: { chargeResponse: unknown }; event: { output: PayResponse } }) {
  return {
    ...resultOfPayResponse(event.output),
    transactionId: event.output.transactionId ?? chargeTransactionId(context.chargeResponse),
  };
}

export interface CardChargeInput {
  order: PaymentOrder;
  terminal: string;
}

/** A charge names the handshake the operator's server made for this amount (thtk). */
export type HandshakeChargeInput = CardChargeInput & { thtk: string };

type CardFieldsEvent = { type: 'payment.start' } | { type: 'drawer.close' };

/**
 * Card entry in the processor's hosted fields (Tranzila, requirements.md §4): submit shows the loading
 * overlay, asks the operator for a handshake and charges against it; a charge error goes back to
 * the form with per-field messages or 'Payment failed.'; a decline fails the payment; an approved
 * charge is confirmed by the operator's callback (status 0).
 */
export const cardFieldsMachine = setup({
  types: {
    context: {} as PaymentContext<UncancellableResult> & {
      terminal: string;
      fieldErrors: FieldErrors;
      chargeFailed: boolean;
      chargeResponse: unknown;
      /** The handshake of the charge in progress ('' before one is made). */
      thtk: string;
    },
    events: {} as CardFieldsEvent,
    input: {} as CardChargeInput,
    output: {} as UncancellableResult,
  },
  actors: {
    /** Loads the processor's hosted-fields script and mounts the three fields. */
    mountCardFields: fromPromise<unknown, { terminal: string }>(providedAtTheEdge('mountCardFields')),
    /** POST /api/payment/pre/tranzila/handshake: the operator's handshake (thtk) for the order's total. */
    createHandshake: fromPromise<string, AttemptInput>(providedAtTheEdge('createHandshake')),
    /** hostedFields.charge(): resolves with the processor's response, rejects with a CardProcessorError. */
    chargeCard: fromPromise<unknown, HandshakeChargeInput>(providedAtTheEdge('chargeCard')),
    /** POST /api/payment/post/payment_succeeded_callback */
    confirmCharge: fromPromise<PayResponse, AttemptInput & { chargeResponse: unknown }>(
      providedAtTheEdge('confirmCharge'),
    ),
  },
  actions: { keepResult: keepResultAction() },
  guards: {
    chargeablePrice: ({ context }) => isChargeablePrice(context.order),
    payApproved: (_, response: PayResponse) => isPayApproved(response),
    chargeDeclined: (_, chargeResponse: unknown) => isDeclined(chargeResponse),
  },
}).createMachine({
  id: 'cardFields',
  context: ({ input }) => ({
    ...initialPaymentContext({ input }),
    terminal: input.terminal,
    fieldErrors: {},
    chargeFailed: false,
    chargeResponse: undefined,
    thtk: '',
  }),
  output: endingOutput('succeeded', 'failed', 'abandoned'),
  initial: 'Idle',
  states: {
    Idle: {
      initial: 'LoadingFields',
      on: { 'drawer.close': '#cardFields.Abandoned' },
      states: {
        LoadingFields: {
          tags: ['loading'],
          invoke: {
            id: 'mountCardFields',
            src: 'mountCardFields',
            input: ({ context }) => ({ terminal: context.terminal }),
            onDone: 'EnteringCard',
            onError: {
              target: '#cardFields.Failed',
              actions: { type: 'keepResult', params: { outcome: 'failed', reason: 'unavailable' } },
            },
          },
        },
        EnteringCard: {
          on: {
            'payment.start': [
              {
                guard: 'chargeablePrice',
                target: '#cardFields.Processing',
                // Paying again after a refusal is a new attempt, with a key of its own.
                actions: assign({ fieldErrors: {}, chargeFailed: false, thtk: '', attemptKey: newAttemptKey }),
              },
              {
                target: '#cardFields.Failed',
                actions: { type: 'keepResult', params: { outcome: 'failed', reason: 'invalidPrice' } },
              },
            ],
          },
        },
      },
    },
    Processing: {
      tags: ['processing'],
      initial: 'CreatingHandshake',
      states: {
        // Tranzila charges only against a handshake the merchant's server made for this sum (docs.tranzila.com).
        CreatingHandshake: {
          invoke: {
            id: 'createHandshake',
            src: 'createHandshake',
            input: attemptInput,
            onDone: { target: 'Charging', actions: assign({ thtk: ({ event }) => event.output }) },
            // Nothing was charged: the failure page offers Try again and the support call.
            onError: {
              target: '#cardFields.Failed',
              actions: { type: 'keepResult', params: ({ event }) => resultOfCallError(event.error) },
            },
          },
        },
        Charging: {
          invoke: {
            id: 'chargeCard',
            src: 'chargeCard',
            input: ({ context }) => ({ order: context.order, terminal: context.terminal, thtk: context.thtk }),
            onDone: [
              {
                // A decline is an answer, not an error: it must never reach payment_succeeded_callback.
                guard: { type: 'chargeDeclined', params: ({ event }: { event: { output: unknown } }) => event.output },
                target: '#cardFields.Failed',
                actions: { type: 'keepResult', params: ({ event }) => resultOfDecline(event.output) },
              },
              {
                target: 'ConfirmingCharge',
                actions: assign({ chargeResponse: ({ event }) => event.output }),
              },
            ],
            onError: {
              // requirements.md §8: per-field messages, or 'Payment failed.' when no field is named.
              target: '#cardFields.Idle.EnteringCard',
              actions: assign(({ event }) => {
                const fieldErrors = fieldErrorsOf(event.error);
                return { fieldErrors, chargeFailed: Object.keys(fieldErrors).length === 0 };
              }),
            },
          },
        },
        ConfirmingCharge: {
          invoke: {
            ...payCall({ machine: 'cardFields', src: 'confirmCharge', approved: confirmedCharge }),
            input: (args) => ({ ...attemptInput(args), chargeResponse: args.context.chargeResponse }),
          },
        },
      },
    },
    Success: ENDS_WITH_KEPT_RESULT,
    Failed: ENDS_WITH_KEPT_RESULT,
    Abandoned: ENDS_ABANDONED,
  },
});
