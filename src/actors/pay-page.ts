import { fromPromise } from 'xstate';
import { payPageMachine } from '../../machines/pay-page/pay-page.machine';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import { isWebAddress } from '../../machines/shared/web-address';
import { splashMachine } from '../../machines/splash/splash.machine';
import { vacuumMachine } from '../../machines/vacuum/vacuum.machine';
import type { ApiClient } from '../api/client';
import { getMenu, withMerchantName } from '../api/menu';
import { MERCHANT_NAME } from '../config';
import { joinPromotion } from '../api/promotion';
import { setPurchase } from '../api/purchase';
import { bookPaymentLink } from '../api/custom-payment';
import { changeLanguage } from '../i18n/i18n';
import { COOKIES, readCookie, writeCookie } from '../lib/cookies';
import { promotionStorage } from '../lib/promotion-storage';
import { purchaseStorage } from '../lib/purchase-storage';
import { providePayments } from './payments';

export interface PayPageOptions {
  /** A payment link's page opens without the splash (it may be shown inside another site's frame). */
  withSplash: boolean;
}

/** The /pay machines (also behind /vacuum and /customPaymentIframe) with their real effects: the API, cookies and i18next. */
export function providePayPage(api: ApiClient, { withSplash }: PayPageOptions = { withSplash: true }) {
  return payPageMachine.provide({
    actors: {
      fetchMenu: fromPromise(async ({ input }) =>
        withMerchantName(await getMenu(api, input.machineId, input.proof, input.earlyMenu), MERCHANT_NAME),
      ),
      splash: splashMachine.provide({
        actors: {
          readSplashSeen: fromPromise(() => Promise.resolve(!withSplash || readCookie(COOKIES.splash) !== undefined)),
        },
        actions: { rememberSplashSeen: () => writeCookie(COOKIES.splash, '1') },
      }),
      purchase: purchaseMachine.provide({
        actors: {
          setPurchase: fromPromise(({ input }) => setPurchase(api, input.machineId, input.lines)),
          bookPaymentLink: fromPromise(({ input }) => bookPaymentLink(api, input.machineId, input.query)),
          vacuum: vacuumMachine.provide({
            actors: {
              joinPromotion: fromPromise(({ input }) => joinPromotion(api, input)),
            },
            // Only once the operator accepted the contact: this device is then not offered the promotion again.
            actions: { rememberMembership: (_, contact) => promotionStorage.join(contact) },
          }),
          ...providePayments(api),
        },
        actions: {
          useSession: (_, sessionId) => {
            if (sessionId) api.setSessionUuid(sessionId);
          },
          leaveForReturnUrl: (_, url) => {
            if (isWebAddress(url)) window.location.assign(url);
          },
          rememberPurchase: (_, receipt) => purchaseStorage.rememberPurchase(receipt),
          rememberPaymentUnderway: (_, sessionId) =>
            purchaseStorage.rememberPaymentUnderway(sessionId, window.location.href),
          forgetPaymentUnderway: () => purchaseStorage.forgetPaymentUnderway(),
          storeInHistory: (_, receipt) => {
            purchaseStorage.addToHistory(receipt);
            purchaseStorage.clearPayStatus();
          },
        },
      }),
    },
    actions: {
      applyLanguage: (_, language) => void changeLanguage(language),
      rememberLanguage: (_, language) => writeCookie(COOKIES.language, language),
    },
  });
}
