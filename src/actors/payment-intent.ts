import { fromPromise } from 'xstate';
import { paymentIntentMachine } from '../../machines/custom-payment/payment-intent.machine';
import { isWebAddress } from '../../machines/shared/web-address';
import type { ApiClient } from '../api/client';
import { getPaymentIframe } from '../api/custom-payment';
import { paymentIntentStorage } from '../lib/payment-intent-storage';

/** /genPaymentIntend's machine with its real effects: the API, local storage and the browser's address. */
export function providePaymentIntent(api: ApiClient) {
  return paymentIntentMachine.provide({
    actors: {
      fetchIntent: fromPromise(({ input }) => getPaymentIframe(api, input.query)),
    },
    actions: {
      rememberIntent: (_, intent) => paymentIntentStorage.remember(intent),
      // The chart follows web addresses only; checked once more where the browser leaves. A redirect
      // replaces this page in the history: Back from the payment page must not ask for a new intent.
      redirect: (_, url) => {
        if (isWebAddress(url)) window.location.replace(url);
      },
    },
  });
}
