import { fromPromise } from 'xstate';
import { wheelshareMachine } from '../../machines/wheelshare/wheelshare.machine';
import { OPERATOR_OK } from '../../machines/wheelshare/wheelshare.types';
import type { ApiClient } from '../api/client';
import type { RentalSessions } from '../api/rental-sessions';
import { isWaitingForCard, requestDeferredPayment, returnRental, setWheelsharePurchase } from '../api/wheelshare';
import { changeLanguage } from '../i18n/i18n';
import { COOKIES, writeCookie } from '../lib/cookies';

/**
 * The wheelshare station's machine with its real effects: the API, the sessions of the station's rentals
 * (kept until each is returned), i18next and the language cookie.
 */
export function provideWheelshare(api: ApiClient, rentals: RentalSessions) {
  return wheelshareMachine.provide({
    actors: {
      setPurchase: fromPromise(async ({ input }) => {
        const session = await setWheelsharePurchase(api, input);
        rentals.remember(input.phone, session);
        return session;
      }),
      requestPayment: fromPromise(({ input }) => requestDeferredPayment(api, input)),
      isWaitingForCard: fromPromise(({ input }) => isWaitingForCard(api, input)),
      returnRental: fromPromise(async ({ input }) => {
        const answer = await returnRental(api, { phone: input.phone, session: rentals.of(input.phone) });
        if (answer.status === OPERATOR_OK) rentals.forget(input.phone);
        return answer;
      }),
    },
    actions: {
      applyLanguage: (_, language) => void changeLanguage(language),
      rememberLanguage: (_, language) => writeCookie(COOKIES.language, language),
    },
  });
}
