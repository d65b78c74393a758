/** Bit's chart model. */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { bitMachine } from '../../../../machines/payment/methods/bit/bit.machine';
import { BIT_PAGE, expect } from '../../fixtures';
import { outcome, passOn, type PaymentModel } from '../runner';
import { MODEL_ORIGIN, one, failedCall, closeDrawer, status, endings } from '../shared';
import { SCENARIOS } from '../scenarios';

// ---------------------------------------------------------------------------------------------
// Bit

/** The operator's Bit call (src/api/bit.ts). */
const BIT_INIT = '/v4/api/payment/pre/bit/init';

/** What the sandbox's Bit processor answers below its minimum (sandbox/standins/bit.ts), as the operator passes it on. */
const BIT_REFUSED = 'Bit payments start at ₪5.00.';

/**
 * The app sends the browser to another page: its main frame asks for it. Read from the page's requests,
 * not from the screen: while that navigation is held, Chromium passes no DevTools command to the page
 * (RenderFrameDevToolsAgentHost::DidStartNavigation suspends them until the navigation ends) and
 * Playwright waits for it before any locator (microsoft/playwright#32899), so a look at the screen hung
 * whenever the app had started to leave before the look began.
 */
async function expectNavigationTo(page: Page, pathname: string): Promise<void> {
  const navigates = async () =>
    (await page.requests()).some(
      (request) =>
        request.isNavigationRequest() &&
        request.frame() === page.mainFrame() &&
        new URL(request.url()).pathname === pathname,
    );
  await expect.poll(navigates, { message: `the browser asks for ${pathname}` }).toBe(true);
}

const initAnswer = (status: number, msg: string) => ({
  type: 'xstate.done.actor.initBitPayment',
  output: {
    status,
    msg,
    payment: status === 0 ? { transactionId: 'BIT-model', paymentUrl: `${MODEL_ORIGIN}${BIT_PAGE}` } : undefined,
  },
});

export const bitModel: PaymentModel = {
  machine: bitMachine,
  entries: [{ scenario: SCENARIOS.list }],
  events: {
    // Accepted: the sandbox's own answer; refused: the operator's refusal in its stead (status 1, no data).
    'xstate.done.actor.initBitPayment': outcome({
      samples: one(initAnswer(0, 'Bit payment initialised.'), initAnswer(1, BIT_REFUSED)),
      reply: (event) => {
        const { status: code, msg } = (event as EventObject & { output: { status: number; msg: string } }).output;
        return code === 0 ? passOn : (route) => route.fulfill({ json: { status: code, msg, data: null } });
      },
    }),
    'xstate.error.actor.initBitPayment': failedCall('xstate.error.actor.initBitPayment'),
    'xstate.done.actor.redirectToBit': outcome(),
    'drawer.close': closeDrawer,
  },
  states: {
    'bit.Processing.Initialising': {
      call: { method: 'POST', path: BIT_INIT },
      check: ({ page, t }) => expect(status(page, t, t.payment.bit.redirecting)).toBeVisible(),
    },
    // The browser's way to Bit's page is held until this check has run, so that it sees the app leave.
    'bit.Processing.Redirecting': {
      call: { method: 'GET', path: BIT_PAGE },
      check: ({ page }) => expectNavigationTo(page, BIT_PAGE),
    },
    'bit.Processing.LeavingForBit': {
      check: ({ page }) => expect(page).toHaveURL((url) => url.pathname === BIT_PAGE),
    },
    ...endings(bitMachine),
  },
  unreachableInBrowser: {
    'bit.Processing.Redirecting -> bit.Failed on xstate.error.actor.redirectToBit':
      "the redirect is refused only when init's payment_url is not on the build's Bit origin: the sandbox's never is, and an answer faked to be elsewhere fails within the same task, before any screen of Redirecting can be checked (tests/component/bit-redirect.test.tsx and the unit path tests cover it)",
  },
};
