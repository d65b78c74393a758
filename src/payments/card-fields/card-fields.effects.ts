import i18next from 'i18next';
import { fromPromise } from 'xstate';
import { cardFieldsMachine } from '../../../machines/payment/methods/card-fields/card-fields.machine';
import type { ApiClient } from '../../api/client';

// Provider code loads when its method starts, never with the page.
const tranzila = () => import('./hosted-fields');
const tranzilaApi = () => import('../../api/tranzila');
const paymentApi = () => import('../../api/payment');

/** The card fields' chart with its effects: Tranzila's hosted fields, the operator's handshake and confirmation. */
export const cardFieldsEffects = (api: ApiClient) =>
  cardFieldsMachine.provide({
    actors: {
      mountCardFields: fromPromise<unknown, { terminal: string }>(async () => (await tranzila()).mountCardFields()),
      createHandshake: fromPromise(async ({ input }) => (await tranzilaApi()).createTranzilaHandshake(api, input)),
      chargeCard: fromPromise(async ({ input }) => (await tranzila()).chargeCard(input, i18next.language)),
      confirmCharge: fromPromise(async ({ input }) =>
        (await paymentApi()).confirmCardCharge(api, input, input.chargeResponse),
      ),
    },
  });
