/** The card scan's chart model. */
import { cardScanMachine } from '../../../../machines/payment/card-scan.machine';
import { CARD_DECLINED, expect, scannerButton, tapScanner } from '../../fixtures';
import { act, type PaymentModel } from '../runner';
import { one, closeDrawer, heading, endings } from '../shared';
import { SCENARIOS } from '../scenarios';

// ---------------------------------------------------------------------------------------------
// Card scan

export const cardScanModel: PaymentModel = {
  machine: cardScanMachine,
  entries: [{ scenario: SCENARIOS.list }],
  events: {
    'scan.approved': act(
      ({ page, t }) => tapScanner(page, t, 'approved'),
      one({ type: 'scan.approved', transactionId: 'model' }),
    ),
    'scan.declined': act(
      ({ page, t }) => tapScanner(page, t, 'declined'),
      one({ type: 'scan.declined', message: CARD_DECLINED }),
    ),
    'scan.cancelled': act(({ page, t }) => tapScanner(page, t, 'cancel')),
    'drawer.close': closeDrawer,
  },
  states: {
    'cardScan.Processing.Scanning': {
      check: async ({ page, t }) => {
        await expect(heading(page, t, t.payment.cardScan.title)).toBeVisible();
        await expect(scannerButton(page, t, 'approved')).toBeEnabled();
      },
    },
    ...endings(cardScanMachine),
  },
  unreachableInBrowser: {},
};
