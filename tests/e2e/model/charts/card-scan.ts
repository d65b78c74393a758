/** The card scan's chart model. */
import type { EventObject } from 'xstate';
import { cardScanMachine } from '../../../../machines/payment/methods/card-scan/card-scan.machine';
import { CARD_DECLINED, expect, scannerButton, tapScanner } from '../../fixtures';
import { act, outcome, passOn, type PaymentModel } from '../runner';
import { MODEL_PROVIDERS_ORIGIN, one, failedCall, closeDrawer, heading, endings } from '../shared';
import { SCENARIOS } from '../scenarios';

// ---------------------------------------------------------------------------------------------
// Card scan

/** The operator's card-scan call (src/api/card-scan.ts): it opens the scan for its own total. */
const CARD_SCAN_START = '/v4/api/payment/pre/card_scan/start';

/** What the operator answers when the scanner cannot open a scan, in the sandbox's stead. */
const SCANNER_REFUSED = 'The scanner cannot open a scan now.';

const startAnswer = (status: number, msg: string) => ({
  type: 'xstate.done.actor.startCardScan',
  output: {
    status,
    msg,
    scanUrl: status === 0 ? `${MODEL_PROVIDERS_ORIGIN}/sandbox/card-scan?scan=SCAN-model` : undefined,
  },
});

export const cardScanModel: PaymentModel = {
  machine: cardScanMachine,
  entries: [{ scenario: SCENARIOS.list }],
  events: {
    // Opened: the sandbox's own answer; refused: the operator's refusal in its stead (status 2, no data).
    'xstate.done.actor.startCardScan': outcome({
      samples: one(startAnswer(0, 'Card scan opened.'), startAnswer(2, SCANNER_REFUSED)),
      reply: (event) => {
        const { status: code, msg } = (event as EventObject & { output: { status: number; msg: string } }).output;
        return code === 0 ? passOn : (route) => route.fulfill({ json: { status: code, msg, data: null } });
      },
    }),
    'xstate.error.actor.startCardScan': failedCall('xstate.error.actor.startCardScan'),
    // The frame's word is no verdict: the purchase asks the operator (the scanner notified it first).
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
    'cardScan.Processing.Starting': {
      call: { method: 'POST', path: CARD_SCAN_START },
      check: ({ page, t }) => expect(heading(page, t, t.payment.cardScan.title)).toBeVisible(),
    },
    'cardScan.Processing.Scanning': {
      check: async ({ page, t }) => {
        await expect(heading(page, t, t.payment.cardScan.title)).toBeVisible();
        await expect(scannerButton(page, t, 'approved')).toBeEnabled();
      },
    },
    ...endings(cardScanMachine),
  },
  unreachableInBrowser: {
    'cardScan.Processing.Starting -> cardScan.Failed on xstate.done.actor.startCardScan [startAccepted]':
      "the start call's scan_url is off the scanner's origin only when an answer is faked to be elsewhere, which fails within the same task, before any screen of Starting can be checked (the unit path tests cover it)",
  },
};
