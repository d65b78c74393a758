/** The hosted payment page's chart model (Yaad Sarig). */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  HOSTED_PAGE_VALIDITY_MS,
  hostedPageMachine,
} from '../../../../machines/payment/methods/hosted-page/hosted-page.machine';
import type { PayResponse } from '../../../../machines/payment/payment.types';
import { card, expect, HOSTED_PAGE, TEST_CARDS, type Texts } from '../../fixtures';
import type { Move } from '../paths';
import { act, bySource, outcome, passOn, type PaymentModel, type Reply, type Samples } from '../runner';
import {
  MODEL_ORIGIN,
  MODEL_PROVIDERS_ORIGIN,
  RETURN_PAGE,
  type SampleEvent,
  one,
  paymentOf,
  failedCall,
  failedOrUnanswered,
  redirect,
  payAnswer,
  payAnswers,
  closeDrawer,
  status,
  endings,
  UNCONFIRMED_ENDINGS,
} from '../shared';
import { SCENARIOS } from '../scenarios';
import { enteredCard } from './card-fields';

// ---------------------------------------------------------------------------------------------
// The hosted payment page (Yaad Sarig)

/** Addresses on the walk: pay_ajax's page (or one off the provider's origin), and the frame's readable ones. */
const PAGE = {
  provider: `${MODEL_PROVIDERS_ORIGIN}${HOSTED_PAGE}?token=model`,
  offOrigin: 'https://elsewhere.model/p/',
};
const FRAME = {
  returnPage: `${MODEL_ORIGIN}${RETURN_PAGE}?Id=model&CCode=0&Sign=model`,
  /** The return page as the frame's first load: the visitor paid nothing. */
  unpaidReturn: `${MODEL_ORIGIN}${RETURN_PAGE}?Id=unpaid&CCode=0&Sign=model`,
  elsewhere: `${MODEL_ORIGIN}/sandbox/elsewhere`,
};
type FrameAddress = keyof typeof FRAME;
const frameAddress = (event: EventObject): FrameAddress =>
  (Object.keys(FRAME) as FrameAddress[]).find((key) => FRAME[key] === (event as { url?: string }).url) ?? 'elsewhere';
const frameLoads =
  (...addresses: FrameAddress[]): Samples =>
  () =>
    addresses.map((address): Move => [{ type: 'frame.loaded', url: FRAME[address] } as SampleEvent]);
/** Whether the visitor paid in the frame (Hyp charged) before it reached the return page. */
const paidInFrame = (snapshot: AnyMachineSnapshot) =>
  (snapshot.context as { returned?: Record<string, string> }).returned?.Id === 'model';
/** A walk's readable address on the app's real origin (the page the frame is in). */
const appAddress = (route: Route, address: FrameAddress) =>
  new URL(new URL(FRAME[address]).pathname + new URL(FRAME[address]).search, route.request().frame().page().url()).href;
const redirectFrame =
  (address: FrameAddress): Reply =>
  (route) =>
    redirect(appAddress(route, address))(route);
const VERIFY_PATH = '/v4/api/payment/post/hosted_page/verify';

const paymentFrame = (page: Page, t: Texts) => page.frameLocator(`iframe[title="${t.payment.hostedPage.title}"]`);

export const hostedPageModel: PaymentModel = {
  machine: hostedPageMachine,
  entries: [{ scenario: SCENARIOS.hostedPage }],
  afterEnding: UNCONFIRMED_ENDINGS.providerCharged,
  // A return page the visitor paid on is another than the frame's first load.
  key: (snapshot) => {
    const { result } = paymentOf(snapshot) as { result?: { outcome?: string; reason?: string } };
    return JSON.stringify([snapshot.value, result?.outcome, result?.reason, paidInFrame(snapshot)]);
  },
  events: {
    'drawer.close': closeDrawer,
    'xstate.done.actor.fetchPaymentPage': outcome({
      samples: one(
        { type: 'xstate.done.actor.fetchPaymentPage', output: PAGE.provider },
        { type: 'xstate.done.actor.fetchPaymentPage', output: PAGE.offOrigin },
      ),
      // The sandbox names its own stand-in; an operator naming a page elsewhere is answered in its stead.
      reply: (event) =>
        (event as { output?: string }).output === PAGE.provider
          ? passOn
          : (route) => route.fulfill({ json: { data: { data: { payment_url: PAGE.offOrigin } } } }),
    }),
    'xstate.error.actor.fetchPaymentPage': failedCall('xstate.error.actor.fetchPaymentPage'),
    // Hyp serves its page for 10 minutes: the page's clock moves past them while the form waits.
    'xstate.after.pageValidity.hostedPage.Processing.Framed': outcome({
      plan: (plan) => (plan.clock = true),
      run: ({ page }) => page.clock.fastForward(HOSTED_PAGE_VALIDITY_MS + 1_000),
    }),
    // The provider's form, a page of its own origin.
    'frame.providerPage': outcome(),
    'frame.loaded': bySource({
      // The frame's first load already somewhere readable: the return page, or another page of the app.
      'hostedPage.Processing.Framed.LoadingPage': outcome({
        samples: frameLoads('unpaidReturn', 'elsewhere'),
        reply: (event) => redirectFrame(frameAddress(event)),
      }),
      // The visitor pays in the frame, which the provider sends to the return page (or, rerouted, elsewhere).
      'hostedPage.Processing.Framed.ShowingPage': act(
        async ({ page, t, event, plan }) => {
          if (frameAddress(event) === 'elsewhere') {
            await page.route(
              (url) => url.pathname === HOSTED_PAGE,
              (route) => (route.request().method() === 'POST' ? redirectFrame('elsewhere')(route) : route.fallback()),
            );
          }
          const frame = paymentFrame(page, t);
          const entered = enteredCard(plan);
          await frame.getByLabel('Card number', { exact: true }).fill(entered.number);
          await frame.getByLabel('Expiry (MM/YY)', { exact: true }).fill(entered.expiry);
          await frame.getByLabel('CVV', { exact: true }).fill(entered.cvv);
          await frame.getByRole('button', { name: /^Pay / }).click();
        },
        frameLoads('returnPage', 'elsewhere'),
      ),
    }),
    // The operator's verdict on the return, answered as sampled (a walk's return page may carry no real signature).
    'xstate.done.actor.verifyHostedPayment': outcome({
      samples: payAnswers('xstate.done.actor.verifyHostedPayment'),
      plan: (plan, event) => {
        if ((event as { output?: PayResponse }).output?.status !== 0) plan.card = card(TEST_CARDS.declined);
      },
      reply: (event) => {
        const answer = (event as { output?: PayResponse }).output ?? payAnswer(0);
        const json = { status: answer.status, msg: answer.msg, data: { transaction_id: answer.transactionId } };
        return (route) => route.fulfill({ json });
      },
    }),
    // Cut on its way only after Hyp charged: the first load's return page paid nothing (see afterEnding).
    'xstate.error.actor.verifyHostedPayment': failedOrUnanswered('xstate.error.actor.verifyHostedPayment', paidInFrame),
  },
  states: {
    'hostedPage.Idle': {
      call: { method: 'GET', path: '/v4/api/payment/pay/pay_ajax' },
      check: ({ page, t }) => expect(status(page, t, t.payment.hostedPage.loading)).toBeVisible(),
    },
    'hostedPage.Processing.Framed.LoadingPage': {
      call: { method: 'GET', path: HOSTED_PAGE },
      check: ({ page, t }) => expect(status(page, t, t.payment.hostedPage.loading)).toBeVisible(),
    },
    'hostedPage.Processing.Framed.ShowingPage': {
      check: async ({ page, t }) => {
        await expect(paymentFrame(page, t).getByRole('button', { name: /^Pay / })).toBeVisible();
        await expect(status(page, t, t.payment.hostedPage.loading)).toHaveCount(0);
      },
    },
    'hostedPage.Processing.Verifying': {
      call: { method: 'POST', path: VERIFY_PATH },
      check: ({ page, t }) => expect(status(page, t, t.payment.hostedPage.loading)).toBeVisible(),
    },
    ...endings(hostedPageMachine),
  },
  unreachableInBrowser: {},
};
