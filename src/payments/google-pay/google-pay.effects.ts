import { fromPromise } from 'xstate';
import { googlePayMachine } from '../../../machines/payment/methods/google-pay/google-pay.machine';
import {
  googlePaymentRequest,
  isGooglePayConfigured,
} from '../../../machines/payment/methods/google-pay/google-pay.request';
import type { PaymentOrder } from '../../../machines/payment/payment.types';
import type { ApiClient } from '../../api/client';

// Provider code loads when its method starts, never with the page.
const googlePay = () => import('./google-pay');
const paymentApi = () => import('../../api/payment');

/**
 * The purchase's question before it offers Google Pay: a machine that does not configure Google Pay as Google
 * requires never loads pay.js, so it is not ready.
 */
export const checkGooglePay = fromPromise<boolean, { order: PaymentOrder }>(async ({ input }) => {
  const config = input.order.config.google_pay;
  if (!isGooglePayConfigured(config)) return false;
  return (await googlePay()).isGooglePayReady(googlePaymentRequest(input.order), config.environment);
});

/** Google Pay's chart with its effects: Google's pay.js and the operator's wallet payment. */
export const googlePayEffects = (api: ApiClient) =>
  googlePayMachine.provide({
    actors: {
      loadGooglePay: fromPromise(async ({ input }) => {
        const config = input.order.config.google_pay;
        // Only a menu that configures Google Pay as Google requires offers it; never a silent TEST.
        if (!isGooglePayConfigured(config)) throw new Error('Google Pay is not configured for this machine');
        await (await googlePay()).loadGooglePay(googlePaymentRequest(input.order), config.environment);
      }),
      requestGooglePayment: fromPromise(async ({ input }) => (await googlePay()).requestGooglePayment(input)),
      payWithWallet: fromPromise(async ({ input }) =>
        (await paymentApi()).payWithWallet(api, input, 'google_pay', input.payment),
      ),
    },
  });
