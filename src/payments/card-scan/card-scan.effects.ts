import { fromPromise } from 'xstate';
import { cardScanMachine } from '../../../machines/payment/methods/card-scan/card-scan.machine';
import type { ApiClient } from '../../api/client';
import { purchaseStorage } from '../../lib/purchase-storage';
import { lazyCallback } from '../on-demand';

// Provider code loads when its method starts, never with the page.
const cardScan = () => import('./card-scan');
const cardScanApi = () => import('../../api/card-scan');

/** Card scan's chart with its effects: the operator opens the scan, the scanner's frame tells its end. */
export const cardScanEffects = (api: ApiClient) =>
  cardScanMachine.provide({
    actors: {
      startCardScan: fromPromise(async ({ input }) => (await cardScanApi()).startCardScan(api, input)),
      listenForScanResult: lazyCallback(async () => ({ run: (await cardScan()).listenForScanResult })),
    },
    actions: { storePayStatus: (_, status) => purchaseStorage.setPayStatus(status) },
  });
