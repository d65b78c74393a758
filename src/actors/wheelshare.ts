import { fromPromise } from 'xstate';
import { wheelshareMachine } from '../../machines/wheelshare/wheelshare.machine';
import type { ApiClient } from '../api/client';
import { isWaitingForCard, requestDeferredPayment, returnRental, setWheelsharePurchase } from '../api/wheelshare';
import { changeLanguage } from '../i18n/i18n';
import { COOKIES, writeCookie } from '../lib/cookies';

/** The wheelshare station's machine with its real effects: the API, i18next and the language cookie. */
export function provideWheelshare(api: ApiClient) {
  return wheelshareMachine.provide({
    actors: {
      setPurchase: fromPromise(({ input }) => setWheelsharePurchase(api, input)),
      requestPayment: fromPromise(({ input }) => requestDeferredPayment(api, input)),
      isWaitingForCard: fromPromise(({ input }) => isWaitingForCard(api, input)),
      returnRental: fromPromise(({ input }) => returnRental(api, input.phone)),
    },
    actions: {
      applyLanguage: (_, language) => void changeLanguage(language),
      rememberLanguage: (_, language) => writeCookie(COOKIES.language, language),
    },
  });
}
