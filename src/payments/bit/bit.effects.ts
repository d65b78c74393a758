import { fromPromise } from 'xstate';
import { bitMachine } from '../../../machines/payment/methods/bit/bit.machine';
import type { ApiClient } from '../../api/client';

// Provider code loads when its method starts, never with the page.
const bit = () => import('./bit');
const bitApi = () => import('../../api/bit');

/** Bit's chart with its effects: the operator's Bit payment and the redirect to the processor's page. */
export const bitEffects = (api: ApiClient) =>
  bitMachine.provide({
    actors: {
      initBitPayment: fromPromise(async ({ input }) =>
        (await bitApi()).initBitPayment(api, input, (await bit()).bitReturnUrl()),
      ),
      redirectToBit: fromPromise(async ({ input, signal }) => {
        const { redirectToBit } = await bit();
        // Closing the drawer while Bit's code loads stops the actor: the browser must then stay.
        if (!signal.aborted) await redirectToBit(input);
      }),
    },
  });
