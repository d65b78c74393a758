/**
 * What every chart's model uses: the catalogue's menus, sample events and replies, the drawer's checks,
 * the screens of a method's endings, and the operator's answers after an ending without a verdict.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { PaymentContext } from '../../../machines/payment/payment.shared';
import type { PaymentResult, PayResponse } from '../../../machines/payment/payment.types';
import { offeredMethods } from '../../../machines/purchase/purchase.selectors';
import type {
  PurchaseContext,
  PurchaseInput,
  PurchaseSettings,
  ReturnedPaymentStatus,
} from '../../../machines/purchase/purchase.types';
import { ApiError } from '../../../machines/shared/api-failure';
import { loadCatalogue } from '../../../sandbox/catalogue';
import {
  continueButton,
  drawer,
  drawerButton,
  expect,
  failureHeading,
  failurePage,
  fill,
  methodList,
  methodRadio,
  langOf,
  money,
  successHeading,
  type Texts,
  WALLET_DECLINED,
  escapeRegExp,
} from '../fixtures';
import type { Move } from './paths';
import { act, outcome, type CheckContext, type Plan, type Reply, type Samples, type StateModel } from './runner';

// ---------------------------------------------------------------------------------------------
// Shared pieces

const catalogue = loadCatalogue(fileURLToPath(new URL('../../../sandbox/catalogue.json', import.meta.url)));

function menuOf(machineId: string) {
  const found = catalogue.get(machineId);
  if (!found) throw new Error(`machine ${machineId} is not in sandbox/catalogue.json`);
  return found.menu;
}

/** The walks' stand-in for the sandbox's origin: the drivers map these addresses onto the real ones. */
export const MODEL_ORIGIN = 'https://sandbox.model';
/** The providers' stand-ins' origin on the walks. */
export const MODEL_PROVIDERS_ORIGIN = 'https://providers.model';
export const RETURN_PAGE = '/payment-return.html';

export function purchaseInput(machineId: string, settings: Partial<PurchaseSettings> = {}): PurchaseInput {
  return {
    machineId,
    menu: menuOf(machineId),
    applePaySupported: false,
    applePayAvailable: false,
    hostedPage: { pageOrigin: MODEL_PROVIDERS_ORIGIN, returnUrl: `${MODEL_ORIGIN}${RETURN_PAGE}` },
    cardScanOrigin: MODEL_PROVIDERS_ORIGIN,
    latestPurchase: undefined,
    ...settings,
  };
}

/** An event with its payload, as a walk sends it. */
export type SampleEvent = EventObject & Record<string, unknown>;

export const one =
  (...events: SampleEvent[]): Samples =>
  () =>
    events.map((event) => [event]);

export const purchaseOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PurchaseContext;
export const paymentOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PaymentContext;
/** How a payment method's chart ended: the output of its final state, as the purchase receives it. */
export const endingOf = (ending: AnyMachineSnapshot) => ending.output as PaymentResult;

/** A call the operator fails, on the walk and in the browser alike. */
const SERVER_MESSAGE = 'Server error (model test)';
const SERVER_ERROR = new ApiError({ kind: 'http', status: 500, message: SERVER_MESSAGE });
const serverError: Reply = (route) => route.fulfill({ status: 500, json: { message: SERVER_MESSAGE } });
export const failedCall = (type: string) =>
  outcome({ samples: one({ type, error: SERVER_ERROR }), reply: () => serverError });
/** The contract's MachineNotResponding: set_purchase's 504 when the operator's wake got no answer. */
const MACHINE_SILENT = {
  code: 'machine_not_responding',
  message: 'This machine is not responding: nothing was booked.',
};
/** set_purchase failing as any call can, or with the machine not answering the operator (answered in its stead). */
export const failedBooking = (type: string) =>
  outcome({
    samples: one(
      { type, error: SERVER_ERROR },
      { type, error: new ApiError({ kind: 'http', status: 504, ...MACHINE_SILENT }) },
    ),
    reply: (event) => {
      const { failure } = (event as EventObject & { error: ApiError }).error;
      return failure.kind === 'http' && failure.status === 504
        ? (route) => route.fulfill({ status: 504, json: MACHINE_SILENT })
        : serverError;
    },
  });
/** The request never gets an answer (a provider's script that is blocked or down). */
export const blocked: Reply = (route) => route.abort();
/**
 * An operator's pay call that fails: an error answered in the operator's stead, or no answer at all (the
 * request cut off on its way). Neither reaches the operator, and neither is a verdict: the charge may have
 * gone through for all the app knows, so the purchase asks the operator instead of failing (see
 * UNCONFIRMED_ENDINGS). `cut`: where the call may fail (the hosted page's only after Hyp charged).
 */
export const failedOrUnanswered = (type: string, cut: (snapshot: AnyMachineSnapshot) => boolean = () => true) =>
  outcome({
    samples: (snapshot) =>
      cut(snapshot) ? [[{ type, error: SERVER_ERROR }], [{ type, error: new ApiError({ kind: 'offline' }) }]] : [],
    reply: (event) =>
      (event as EventObject & { error: ApiError }).error.failure.kind === 'offline' ? blocked : serverError,
  });
export const redirect =
  (location: string): Reply =>
  (route) =>
    route.fulfill({ status: 302, headers: { location } });

/** The operator's pay answers (requirements.md §3): approved, and declined as the sandbox declines. */
export const payAnswer = (status: number): PayResponse => ({
  status,
  msg: status === 0 ? 'Approved' : WALLET_DECLINED,
  transactionId: 'model',
});
export const payAnswers = (type: string): Samples =>
  one({ type, output: payAnswer(0) }, { type, output: payAnswer(1) });
/** The sandbox's wallet call answers a sheet's Approve with status 0 and its Decline with another. */
export const walletSheetFor = (plan: Plan, event: EventObject) => {
  plan.sheet = (event as { output?: PayResponse }).output?.status === 0 ? 'Approve' : 'Decline';
};

export const closeDrawer = act(({ page, t }) =>
  drawer(page, t).getByRole('button', { name: t.drawer.close, exact: true }).click(),
);

export const status = (page: Page, t: Texts, name: string) =>
  drawer(page, t).getByRole('status', { name, exact: true });
export const heading = (page: Page, t: Texts, name: string) =>
  drawer(page, t).getByRole('heading', { name, exact: true });
export const payAmount = (page: Page, t: Texts, snapshot: AnyMachineSnapshot) => {
  const { total, currencySymbol } = paymentOf(snapshot).order;
  return drawerButton(page, t, fill(t.payment.payAmount, { amount: money(total, langOf(t), currencySymbol) }));
};
export const expectBusy = async (page: Page, t: Texts) =>
  expect(drawerButton(page, t, t.payment.processing)).toHaveAttribute('aria-busy', 'true');
/** A wallet step's announcement (its status line): the instructions, or what is going on. */
export const walletStatus = (page: Page, t: Texts, text: string) =>
  drawer(page, t).getByRole('status').getByText(text, { exact: true });

/** A wallet waits for its tap: its instructions announced, and its own pay button (`button`, its name) shown. */
export const awaitingWalletTap = (instructions: (t: Texts) => string, button: string): StateModel => ({
  check: async ({ page, t }) => {
    await expect(walletStatus(page, t, instructions(t))).toBeVisible();
    await expect(drawerButton(page, t, button)).toBeVisible();
  },
});

/** The wallets' pay call to the operator (payWithWallet): its answers, and its failures. */
export const WALLET_PAY_EVENTS = {
  'xstate.done.actor.payWithWallet': outcome({
    samples: payAnswers('xstate.done.actor.payWithWallet'),
    plan: walletSheetFor,
  }),
  'xstate.error.actor.payWithWallet': failedOrUnanswered('xstate.error.actor.payWithWallet'),
};

/** The product selection, with the drawer closed. */
export async function expectProducts({ page, t }: Pick<CheckContext, 'page' | 't'>): Promise<void> {
  await expect(drawer(page, t)).toHaveCount(0);
  await expect(continueButton(page, t)).toHaveAttribute('aria-busy', 'false');
}

export async function expectMethods({ page, t, snapshot }: CheckContext): Promise<void> {
  await expect(methodList(page, t)).toBeVisible();
  await expect(drawer(page, t).getByRole('alertdialog')).toHaveCount(0);
  // The wallets Google and Apple said this browser can pay with, and the phone's likely one chosen.
  const offered = offeredMethods(purchaseOf(snapshot));
  await expect(methodList(page, t).getByRole('radio')).toHaveCount(offered.length);
  for (const offer of offered) await expect(methodRadio(page, t, offer)).toBeVisible();
  const { method } = purchaseOf(snapshot);
  if (method) await expect(methodRadio(page, t, method)).toBeChecked();
  else await expect(methodList(page, t).getByRole('radio', { checked: true })).toHaveCount(0);
}

/** How a payment method's chart ends shows on the purchase's screen. */
const ENDINGS: Readonly<Record<string, StateModel>> = {
  Success: { check: ({ page, t }) => expect(successHeading(page, t)).toBeVisible() },
  Failed: {
    check: async ({ page, t, snapshot }) => {
      const result = endingOf(snapshot);
      if (result.outcome !== 'failed') throw new Error(`a failure page for ${result.outcome}`);
      // A failure whose charge may have gone through is no verdict: the purchase asks the operator (its own check).
      if (result.reason === 'unconfirmed') {
        await expect(heading(page, t, t.payment.status.title)).toBeVisible();
        await expect(failureHeading(page, t)).toHaveCount(0);
        return;
      }
      await expect(failureHeading(page, t)).toBeVisible();
      if (result.reason) await expect(failurePage(page, t)).toContainText(t.payment.errors[result.reason]);
      // The operator's refusal of the call itself (an HTTP status) is no card's decline: its own sentence is shown.
      if (result.message && typeof result.code === 'number' && result.code >= 400) {
        await expect(failurePage(page, t)).toContainText(result.message);
        return;
      }
      // The provider's own words are told in the visitor's (failure.reasons), never quoted.
      if (result.message) {
        await expect(failurePage(page, t)).toContainText(
          new RegExp(Object.values(t.failure.reasons).map(escapeRegExp).join('|')),
        );
        // Not a line of its own: the visitor's words replace the sandbox's "Your card was declined.".
        await expect(failurePage(page, t).getByText(result.message, { exact: true })).toHaveCount(0);
      }
    },
  },
  Cancelled: { check: async ({ page, t }) => expect(methodList(page, t)).toBeVisible() },
  Abandoned: { check: expectProducts },
};

export function endings(machine: AnyStateMachine): Record<string, StateModel> {
  return Object.fromEntries(
    Object.values(machine.root.states).flatMap((node) => {
      const ending = node.type === 'final' ? ENDINGS[node.key] : undefined;
      return ending ? [[node.id, ending]] : [];
    }),
  );
}

/** Why the charts' "no session id" branches cannot happen in a browser. */
export const EVERY_PURCHASE_HAS_A_SESSION =
  'every purchase that reaches the payment methods has a session id (set_purchase must answer one; a payment intent is one)';

// ---------------------------------------------------------------------------------------------
// A method's failure without a verdict: the purchase asks the operator (GET /payment/status)

/** The operator's status answer (its message is for the logs): the move the purchase hears from it. */
const operatorSays = (status: ReturnedPaymentStatus['status']): Move => [
  {
    type: 'xstate.done.actor.checkReturnedPayment',
    output: { status, msg: 'model', transactionId: undefined, method: undefined } satisfies ReturnedPaymentStatus,
  } as SampleEvent,
];
/** The page's next question, a second after the operator said pending. */
const asksAgain: Move = [{ type: 'xstate.after.paymentStatusPoll.purchase.CheckingReturnedPayment.Polling.Waiting' }];

const unconfirmed = (ending: AnyMachineSnapshot) => {
  const result = endingOf(ending);
  return result.outcome === 'failed' && result.reason === 'unconfirmed';
};

/**
 * What the sandbox's operator truly answers after each way a method ends without a verdict (the runner lets
 * the status call through to it): the model's expectations of the screens after it follow from these.
 */
export const UNCONFIRMED_ENDINGS = {
  /** The wallet pay call was cut on its way: it never reached the operator, so nothing was charged. */
  payCallCut: (ending: AnyMachineSnapshot): Move[] => (unconfirmed(ending) ? [operatorSays('not_charged')] : []),
  /**
   * The confirmation after the provider charged (Tranzila's charge, Hyp's page) was cut: the operator finds
   * the provider's charge (its notification, or its own query), so the purchase is paid.
   */
  providerCharged: (ending: AnyMachineSnapshot): Move[] => (unconfirmed(ending) ? [operatorSays('paid')] : []),
  /** Stripe left the intent processing: the operator says pending, and the page keeps asking. */
  stillProcessing: (ending: AnyMachineSnapshot): Move[] =>
    unconfirmed(ending) ? [operatorSays('pending'), asksAgain, operatorSays('pending')] : [],
};
