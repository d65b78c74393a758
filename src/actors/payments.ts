import { fromPromise } from 'xstate';
import { deliveryMachine, type DeliveryAnswer, type DeliveryQuery } from '../../machines/delivery/delivery.machine';
import { METHOD_ACTORS, type MethodActor } from '../../machines/payment/methods/registry';
import type { ReturnedPaymentStatus } from '../../machines/purchase/purchase.types';
import type { ApiClient } from '../api/client';
import { checkGooglePay } from '../payments/google-pay/google-pay.effects';
import { METHOD_EFFECTS } from '../payments/registry';

const paymentStatusApi = () => import('../api/payment-status');

type MethodsWithEffects = { [TId in MethodActor]: ReturnType<(typeof METHOD_EFFECTS)[TId]> };

/**
 * Every payment method's chart with its real effects (src/payments/registry.ts), under the id the purchase invokes
 * it by, and the purchase's own payment questions.
 */
export function providePayments(api: ApiClient) {
  const methods = Object.fromEntries(
    METHOD_ACTORS.map((actor) => [actor, METHOD_EFFECTS[actor](api)]),
  ) as MethodsWithEffects;
  return {
    ...methods,
    /** Whether Google Pay may be offered: asked when the method list first opens. */
    checkGooglePay,
    /** The purchase asks the operator what became of a payment whose end the page did not see. */
    checkReturnedPayment: fromPromise<ReturnedPaymentStatus, { machineId: string; sessionId: string }>(
      async ({ input }) => (await paymentStatusApi()).paymentStatus(api, input),
    ),
    /** After the payment, the operator's status call says what the machine delivered. */
    delivery: deliveryMachine.provide({
      actors: {
        checkDelivery: fromPromise<DeliveryAnswer, DeliveryQuery>(async ({ input }) => ({
          delivery: (await (await paymentStatusApi()).paymentStatus(api, input)).delivery,
        })),
      },
    }),
  };
}
