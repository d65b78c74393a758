import { fromPromise } from 'xstate';
import { payPageMachine } from '../../machines/pay-page/pay-page.machine';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import { splashMachine } from '../../machines/splash/splash.machine';
import type { ApiClient } from '../api/client';
import { getMenu } from '../api/menu';
import { setPurchase } from '../api/purchase';
import { changeLanguage } from '../i18n/i18n';
import { COOKIES, readCookie, writeCookie } from '../lib/cookies';
import { purchaseStorage } from '../lib/purchase-storage';
import { providePayments } from './payments';

/** The /pay machines with their real effects: the API, cookies and i18next. */
export function providePayPage(api: ApiClient) {
  return payPageMachine.provide({
    actors: {
      fetchMenu: fromPromise(({ input }) => getMenu(api, input.machineId)),
      splash: splashMachine.provide({
        actors: { readSplashSeen: fromPromise(() => Promise.resolve(readCookie(COOKIES.splash) !== undefined)) },
        actions: { rememberSplashSeen: () => writeCookie(COOKIES.splash, '1') },
      }),
      purchase: purchaseMachine.provide({
        actors: {
          setPurchase: fromPromise(({ input }) => setPurchase(api, input.machineId, input.lines)),
          ...providePayments(api),
        },
        actions: {
          rememberPurchase: (_, receipt) => purchaseStorage.rememberPurchase(receipt),
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
