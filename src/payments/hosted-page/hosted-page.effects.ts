import { fromPromise } from 'xstate';
import { hostedPageMachine } from '../../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { ApiClient } from '../../api/client';
import { purchaseStorage } from '../../lib/purchase-storage';

const paymentApi = () => import('../../api/payment');
const hostedPageApi = () => import('../../api/hosted-page');

/** The hosted page's chart with its effects: the operator's page address and its verification of the return. */
export const hostedPageEffects = (api: ApiClient) =>
  hostedPageMachine.provide({
    actors: {
      fetchPaymentPage: fromPromise(async ({ input }) => (await paymentApi()).getPaymentPage(api, input)),
      verifyHostedPayment: fromPromise(async ({ input }) =>
        (await hostedPageApi()).verifyHostedPayment(api, input, input.returned),
      ),
    },
    actions: { storePayStatus: (_, status) => purchaseStorage.setPayStatus(status) },
  });
