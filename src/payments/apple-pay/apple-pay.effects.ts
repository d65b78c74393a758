import { fromCallback, fromPromise } from 'xstate';
import { applePayMachine } from '../../../machines/payment/methods/apple-pay/apple-pay.machine';
import type { PaymentOrder } from '../../../machines/payment/payment.types';
import type { ApiClient } from '../../api/client';
import { preloadable } from '../on-demand';

// Provider code loads when its method starts, never with the page.
const applePay = () => import('./apple-pay-session');
const applePayButton = () => import('./apple-pay-button');
const paymentApi = () => import('../../api/payment');

/** Apple Pay's chart with its effects: Safari's session, Apple's button, the operator's merchant check and payment. */
export const applePayEffects = (api: ApiClient) => {
  const applePaySession = preloadable(applePay);
  return applePayMachine.provide({
    actors: {
      // The session's code and Apple's button, both before the button can be tapped.
      prepareApplePay: fromPromise<unknown, { order: PaymentOrder }>(() =>
        Promise.all([applePaySession.load(), applePayButton().then(({ loadApplePayButton }) => loadApplePayButton())]),
      ),
      // Synchronous from the tap on: Safari refuses a session created after anything was awaited.
      applePaySession: fromCallback(({ input, sendBack, receive }) => {
        const loaded = applePaySession.loaded();
        if (!loaded) {
          sendBack({ type: 'applePay.refused', code: 'NotLoaded' });
          return () => {};
        }
        return loaded.runApplePaySession(input, sendBack, receive);
      }),
      validateMerchant: fromPromise(async ({ input }) =>
        (await paymentApi()).validateApplePayMerchant(api, input.validationURL),
      ),
      payWithWallet: fromPromise(async ({ input }) =>
        (await paymentApi()).payWithWallet(api, input, 'apple_pay', input.payment),
      ),
    },
  });
};
