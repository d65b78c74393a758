/**
 * Faults (design.md §10.1): every call of requirements.md §7 × every fault the sandbox injects (sandbox/faults.ts). Each
 * cell opens the page that makes the call, arms the fault for that call only, does what the visitor
 * does, and checks the screen reached: the translated message and the way forward (Try again,
 * another method, a support call), never a spinner left turning. A 'slow' answer must simply work.
 *
 * The provider SDKs (Google Pay, Apple Pay, Tranzila's fields, Stripe.js) cannot run in jsdom: they
 * are replaced by stand-ins that approve at once, so that the operator calls behind them are real.
 */
import { createRentalSessions } from '../../src/api/rental-sessions';
import { localStore } from '../../src/lib/local-store';
import { render, screen, waitFor, within } from '@testing-library/react';
import { applePayPaymentData } from '../../sandbox/standins/apple-pay-token';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import customEn from '../../locales/custom/en.json';
import enTexts from '../../locales/wheelshare/en.json';
import type { HandshakeChargeInput } from '../../machines/payment/methods/card-fields/card-fields.machine';
import type {
  ApplePaySessionCommand,
  ApplePaySessionEvent,
} from '../../machines/payment/methods/apple-pay/apple-pay.machine';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { FAULTS, type Fault } from '../../sandbox/faults';
import { providePayPage } from '../../src/actors/pay-page';
import { providePaymentIntent } from '../../src/actors/payment-intent';
import { provideWheelshare } from '../../src/actors/wheelshare';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { PaymentIntentPage } from '../../src/views/custom/PaymentIntentPage';
import { PayPage } from '../../src/views/pay/PayPage';
import { WheelshareStation } from '../../src/views/wheelshare/WheelshareStation';
import { postTranzilaCharge } from '../fixtures/tranzila';
import { APPLE_PAY_BUTTON, GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';
import { BASE_HOST, catalogue, en, onTheBuildsOrigins } from './harness';
import { signedQuery } from '../fixtures/signed-link';
import { stickerOf } from '../fixtures/machine-pages';

/** What the stand-ins for the provider SDKs need from the test. */
const providers = vi.hoisted(() => ({
  app: undefined as SandboxApp | undefined,
  applePay: false,
}));

/** A wallet's own button as its SDK would make it, named as the provider names it. */
const walletButton = (name: string, element: HTMLElement = document.createElement('button')) => {
  element.setAttribute('role', 'button');
  element.setAttribute('aria-label', name);
  return element;
};
vi.mock('../../src/payments/google-pay/google-pay', () => ({
  isGooglePayReady: () => Promise.resolve(true),
  loadGooglePay: () => Promise.resolve(),
  requestGooglePayment: () => Promise.resolve({ paymentMethodData: { tokenizationData: { token: 'approve' } } }),
  createGooglePayButton: (onClick: () => void) => {
    const button = walletButton(GOOGLE_PAY_BUTTON);
    button.addEventListener('click', onClick);
    return button;
  },
}));
vi.mock('../../src/payments/apple-pay/availability', () => ({
  hasApplePaySession: () => providers.applePay,
  isApplePayAvailable: () => providers.applePay,
}));
// Apple's SDK defines <apple-pay-button>; jsdom's queries do not look into its shadow root, so the host is the button here.
vi.mock('../../src/payments/apple-pay/apple-pay-button', () => ({
  loadApplePayButton: () => {
    if (!customElements.get('apple-pay-button')) {
      customElements.define(
        'apple-pay-button',
        class extends HTMLElement {
          connectedCallback() {
            walletButton(APPLE_PAY_BUTTON, this);
          }
        },
      );
    }
    return Promise.resolve();
  },
}));
vi.mock('../../src/payments/apple-pay/apple-pay-session', () => ({
  runApplePaySession: (
    request: { total: { amount: string }; currencyCode: string },
    sendBack: (event: ApplePaySessionEvent) => void,
    receive: (listener: (command: ApplePaySessionCommand) => void) => void,
  ) => {
    // The payer approves the amount the sheet shows: the token says so, as Apple's decrypted token does.
    const data = applePayPaymentData(Number(request.total.amount), request.currencyCode, 'approve');
    receive((command) =>
      sendBack(
        command.type === 'session.completeMerchantValidation'
          ? { type: 'applePay.authorized', token: { paymentData: { data } } }
          : { type: 'applePay.sheetClosed' },
      ),
    );
    sendBack({ type: 'applePay.validateMerchant', validationURL: 'https://apple-pay-gateway.apple.com/start' });
    return () => {};
  },
}));
// Tranzila's fields charge the card at the sandbox's stand-in processor against the operator's handshake,
// as the real card-number frame would (from the providers' origin).
vi.mock('../../src/payments/card-fields/hosted-fields', async (original) => ({
  ...(await original<typeof import('../../src/payments/card-fields/hosted-fields')>()),
  mountCardFields: () => Promise.resolve(),
  chargeCard: async ({ order, terminal, thtk }: HandshakeChargeInput) => {
    if (!providers.app) throw new Error('no sandbox');
    const response = await postTranzilaCharge(providers.app, {
      terminal_name: terminal,
      thtk,
      amount: order.total.toFixed(2),
      currency_code: order.currency,
      credit_card_number: '4580458045804580',
      expiry: '12/40',
      cvv: '123',
    });
    return (await response.json()) as unknown;
  },
}));
vi.mock('../../src/payments/stripe/stripe', async (importOriginal) => ({
  // The look and language given to Elements are the real ones; only Stripe.js's calls are stood in.
  ...(await importOriginal<typeof import('../../src/payments/stripe/stripe')>()),
  loadStripeJs: () => Promise.resolve({}),
  createPaymentMethod: () => Promise.resolve('pm_sandbox'),
  confirmCardPayment: () => Promise.resolve({ id: 'pi_sandbox', status: 'succeeded' }),
}));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  useStripe: () => ({}),
  CardElement: function CardElement({ onReady }: { onReady?: (element: object) => void }) {
    useEffect(() => onReady?.({}), [onReady]);
    return null;
  },
}));

/** Short enough to test, long enough for the in-process sandbox; 'slow' stays under it, 'timeout' over it. */
const TIMEOUT_MS = 600;
const SLOW_MS = 200;

interface Cell {
  app: SandboxApp;
  api: ApiClient;
  user: ReturnType<typeof userEvent.setup>;
}

/** A fresh sandbox and an API client talking to it in-process, with a short time-out. */
function connect(): Cell {
  const app = createSandboxApp({ catalogue, appOrigins: [window.location.origin] });
  providers.app = app;
  const api = createApiClient({
    baseHost: BASE_HOST,
    storage: localStorage,
    timeoutMs: TIMEOUT_MS,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const answer = await onTheBuildsOrigins(request, await app.fetch(request.clone()));
      // Read the whole body before answering, as fetch does with a dropped connection: the fault
      // 'network' (a body that breaks while read) then rejects here, where the browser's fetch would.
      return new Response(answer.status === 204 ? null : await answer.arrayBuffer(), answer);
    },
  });
  return { app, api, user: userEvent.setup() };
}

/** Arms the fault for the row's call only, for every attempt: the other calls answer as usual. */
async function arm({ app }: Cell, call: string, fault: Fault) {
  const delayMs = fault === 'slow' ? SLOW_MS : undefined;
  const armed = await app.request('/sandbox/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ call, fault, delayMs }),
  });
  expect(armed.status).toBe(201);
}

/** What the visitor can do next, by role and accessible name. */
interface Way {
  role: 'button' | 'link';
  name: string | RegExp;
}

/** The screen a fault leaves: its message (from the locales) and every way forward offered. */
interface Outcome {
  heading?: string;
  text: string;
  ways: Way[];
}

interface Row {
  call: string;
  /** Opens the page and does what the visitor does until the call goes out. */
  start: (cell: Cell) => Promise<void> | void;
  /** The screen once the call was answered as the contract says. */
  answered: (cell: Cell) => Promise<void>;
  /** The screen a fault leaves. */
  failed: (fault: Fault) => Outcome;
}

const startsWith = (text: string) => new RegExp(`^${text}`);
const retry: Way = { role: 'button', name: en.machine.retry };
const contact: Way = { role: 'link', name: startsWith(en.machine.contact) };

// ---- /pay and the payment methods ----

function renderPay(cell: Cell, machineId: string) {
  document.cookie = 'splash=1; path=/';
  render(
    <PayPage
      machineId={machineId}
      proof={stickerOf(machineId)}
      machineClosed={false}
      logic={providePayPage(cell.api)}
    />,
  );
}

async function openDrawer(cell: Cell, machineId: string) {
  renderPay(cell, machineId);
  // A grid machine waits for a product to be ticked; a list machine has one chosen already.
  const next = await screen.findByRole('button', { name: en.purchase.continue });
  const [first] = screen.queryAllByRole('checkbox');
  if (first) await cell.user.click(first);
  await cell.user.click(next);
  return screen.findByRole('dialog', { name: en.drawer.title });
}

/** Continue, pick the method, and (after its explanation, where it has one) reach its step. */
async function chooseMethod(cell: Cell, machineId: string, method: keyof typeof en.methods.names) {
  const drawer = await openDrawer(cell, machineId);
  await cell.user.click(within(drawer).getByRole('radio', { name: en.methods.names[method] }));
  await cell.user.click(within(drawer).getByRole('button', { name: en.methods.continue }));
  if (method in en.popup) {
    const popup = await screen.findByRole('alertdialog', { name: en.popup[method as 'credit_card'].title });
    await cell.user.click(within(popup).getByRole('button', { name: en.popup.continue }));
  }
}

const payAmount = startsWith(en.payment.payAmount.replace('{{amount}}', ''));

/** Chooses the method and taps its pay button. */
const payWith =
  (machineId: string, method: keyof typeof en.methods.names, button: string | RegExp) => async (cell: Cell) => {
    providers.applePay = method === 'apple_pay';
    await chooseMethod(cell, machineId, method);
    const pay = await screen.findByRole('button', { name: button }, { timeout: 3000 });
    // Our pay buttons say when they can be used; a wallet's own button is there only when it can.
    await waitFor(() => expect(pay.getAttribute('aria-disabled')).not.toBe('true'));
    await cell.user.click(pay);
  };

const paid = async () => {
  expect(await screen.findByRole('heading', { name: en.success.title }, { timeout: 3000 })).toBeTruthy();
};

/** The support call of a failure page: /pay's and the station's. */
const callSupport: Way = { role: 'link', name: startsWith(en.failure.support) };

/** The failure page (requirements.md §2): what went wrong, Try again (back to the methods) and a support call. */
const paymentFailed = (text: string): Outcome => ({
  text,
  ways: [{ role: 'button', name: en.failure.retry }, callSupport],
});

/**
 * A call that charges (or confirms a charge) without an answer the app can believe (none, an error, an
 * unreadable one): the purchase asks the operator what became of the payment, and says it: not charged
 * when the call never reached it, paid when the provider had already charged (its notification reached
 * the operator). Never "not charged" on the app's own guess.
 */
const chargeFailed = (chargedAtProvider: boolean) => (): Outcome =>
  chargedAtProvider
    ? { heading: en.success.title, text: en.success.text, ways: [] }
    : paymentFailed(en.payment.errors.notCharged);
const callFailed = () => paymentFailed(en.payment.errors.paymentFailed);

// ---- /wheelshare ----

const NOW = new Date(2031, 2, 10, 10, 30).getTime();
const PHONE = '0501234567';

function renderStation(cell: Cell) {
  const logic = provideWheelshare(cell.api, createRentalSessions(localStore)).provide({ delays: { pollInterval: 20 } });
  render(<WheelshareStation now={NOW} machineId="15" logic={logic} />);
}

async function typePhone(cell: Cell) {
  await cell.user.type(await screen.findByRole('textbox', { name: enTexts.form.phone }), PHONE);
}

async function rent(cell: Cell) {
  renderStation(cell);
  await typePhone(cell);
  await cell.user.click(screen.getByRole('button', { name: enTexts.form.submitRent }));
}

const qrCode = async () => {
  expect(await screen.findByRole('img', { name: enTexts.pay.qrLabel }, { timeout: 3000 })).toBeTruthy();
};

/** The visitor pays on their phone, through the sandbox's wallet contract. */
async function payOnPhone(app: SandboxApp) {
  const rental = app.rentals.byPhone(PHONE);
  const response = await app.request('/v4/api/payment/pay/wallet?machine_id=15&payment_method=google_pay', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'session-uuid': rental?.session_id ?? '',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({
      paymentData: { paymentMethodData: { tokenizationData: { token: 'approve' } } },
      amount: rental?.amount.toFixed(2),
      currencyCode: 'ILS',
    }),
  });
  expect(((await response.json()) as { status: number }).status).toBe(0);
}

const stationFailure = (heading: string, ways: Way[]) => (): Outcome => ({
  heading,
  text: enTexts.failure.contactSupport,
  ways: [...ways, { role: 'button', name: enTexts.failure.back }, callSupport],
});

// ---- the matrix ----

const ROWS: Row[] = [
  {
    call: 'menu/get',
    start: (cell) => renderPay(cell, '1001'),
    answered: async () => {
      expect(await screen.findByRole('group', { name: en.products.choose }, { timeout: 3000 })).toBeTruthy();
    },
    // requirements.md §8: a 404 is a machine that does not exist; anything else may pass, so Try again.
    failed: (fault) =>
      fault === '404'
        ? { text: en.machine.notFound, ways: [contact] }
        : { text: en.machine.unavailable, ways: [retry, contact] },
  },
  {
    call: 'menu/set_purchase',
    start: async (cell) => {
      renderPay(cell, '1001');
      await cell.user.click(await screen.findByRole('button', { name: en.purchase.continue }));
    },
    answered: async () => {
      expect(await screen.findByRole('dialog', { name: en.drawer.title }, { timeout: 3000 })).toBeTruthy();
    },
    failed: () => ({ text: en.purchase.error, ways: [{ role: 'button', name: en.purchase.continue }, contact] }),
  },
  {
    call: 'payment/pay/wallet',
    start: payWith('1001', 'google_pay', GOOGLE_PAY_BUTTON),
    answered: paid,
    failed: chargeFailed(false),
  },
  {
    call: 'payment/pre/apple_pay/validate_merchant',
    start: payWith('1001', 'apple_pay', APPLE_PAY_BUTTON),
    answered: paid,
    failed: callFailed,
  },
  {
    call: 'payment/pre/stripe',
    start: payWith('1004', 'stripe', payAmount),
    answered: paid,
    // requirements.md §8: 'Server error.' on the form, whose Pay button tries again; Close leads to the other methods.
    failed: () => ({
      text: en.payment.errors.serverError,
      ways: [
        { role: 'button', name: payAmount },
        { role: 'button', name: en.drawer.close },
      ],
    }),
  },
  {
    // Nothing is charged without a handshake: 'Payment failed.', whatever the fault.
    call: 'payment/pre/tranzila/handshake',
    start: payWith('1001', 'credit_card', payAmount),
    answered: paid,
    failed: callFailed,
  },
  {
    call: 'payment/post/payment_succeeded_callback',
    start: payWith('1001', 'credit_card', payAmount),
    answered: paid,
    failed: chargeFailed(true),
  },
  {
    call: 'payment/pay/pay_ajax',
    start: (cell) => chooseMethod(cell, '1002', 'credit_card'),
    answered: async () => {
      expect(await screen.findByTitle(en.payment.hostedPage.title, {}, { timeout: 3000 })).toBeTruthy();
    },
    failed: callFailed,
  },
  {
    call: 'merchants/custom/get_iframe',
    start: (cell) => {
      const logic = providePaymentIntent(cell.api).provide({ actions: { redirect: () => {} } });
      render(
        <PaymentIntentPage query={signedQuery({ machine_id: '1001', amount: '7.5', info: 'Parking' })} logic={logic} />,
      );
    },
    answered: async () => {
      await waitFor(() => expect(localStorage.getItem('visitor_uuid')).toBeTruthy(), { timeout: 3000 });
      expect(screen.queryByRole('alert')).toBeNull();
    },
    // A 404 says the operator knows no such link: only a new one helps.
    failed: (fault) =>
      fault === '404'
        ? { text: customEn.intent.rejected, ways: [contact] }
        : { text: en.machine.unavailable, ways: [retry, contact] },
  },
  {
    call: 'merchants/wheelshare/set_purchase',
    start: rent,
    answered: qrCode,
    failed: stationFailure(enTexts.failure.rentHeading, []),
  },
  {
    call: 'merchants/wheelshare/pay',
    start: rent,
    answered: qrCode,
    failed: stationFailure(enTexts.failure.rentHeading, []),
  },
  {
    call: 'merchants/wheelshare/is_waiting_for_creditcard',
    start: async (cell) => {
      await rent(cell);
      await qrCode();
    },
    answered: async ({ app }) => {
      await payOnPhone(app);
      expect(await screen.findByRole('heading', { name: enTexts.done.heading }, { timeout: 3000 })).toBeTruthy();
    },
    // Three failed polls in a row: the connection is lost; Try again polls again, or cancel.
    failed: () => ({
      text: enTexts.lost.text,
      ways: [{ role: 'button', name: enTexts.lost.retry }, { role: 'button', name: enTexts.lost.cancel }, callSupport],
    }),
  },
  {
    call: 'integration/wheelshare/return',
    start: async (cell) => {
      await rent(cell);
      await qrCode();
      await payOnPhone(cell.app);
      await cell.user.click(await screen.findByRole('button', { name: enTexts.done.next }));
      await cell.user.click(screen.getByRole('radio', { name: enTexts.form.return }));
      await typePhone(cell);
      await cell.user.click(screen.getByRole('button', { name: enTexts.form.submitReturn }));
    },
    answered: async () => {
      expect(await screen.findByRole('heading', { name: enTexts.returned.heading }, { timeout: 3000 })).toBeTruthy();
    },
    failed: stationFailure(enTexts.failure.returnHeading, [{ role: 'button', name: enTexts.failure.retry }]),
  },
];

/**
 * A way forward the visitor can really take: enabled (neither disabled nor aria-disabled), inside
 * nothing inert or hidden, able to take the focus, and, for a link, with an address to go to.
 */
function expectUsable(control: HTMLElement, way: Way) {
  const label = `${way.role} ${String(way.name)}`;
  expect(control.matches(':disabled'), `${label} disabled`).toBe(false);
  expect(control.getAttribute('aria-disabled'), `${label} aria-disabled`).not.toBe('true');
  expect(control.closest('[inert], [hidden], [aria-hidden="true"]'), `${label} inside inert or hidden`).toBeNull();
  control.focus();
  expect(document.activeElement, `${label} takes the focus`).toBe(control);
  if (way.role === 'link') expect(control.getAttribute('href') ?? '', `${label} address`).toMatch(/^(tel:|https?:|\/)/);
}

/**
 * Finds the message, then checks every way forward is offered and usable and that nothing still spins;
 * then takes the first button from the keyboard (focus, Enter), which must have its effect: the
 * screen the fault left changes. (A link's effect is leaving the page, which jsdom cannot do.)
 */
async function expectOutcome(cell: Cell, { heading, text, ways }: Outcome) {
  if (heading) expect(await screen.findByRole('heading', { name: heading }, { timeout: 5000 })).toBeTruthy();
  const message = await screen.findByText(text, { exact: false }, { timeout: 5000 });
  expect(message).toBeTruthy();
  const controls = ways.map((way) => [way, screen.getByRole(way.role, { name: way.name })] as const);
  for (const [way, control] of controls) expectUsable(control, way);
  expect(screen.queryByRole('status', { busy: true })).toBeNull();

  const [, button] = controls.find(([way]) => way.role === 'button') ?? [];
  if (!button) return;
  // The screen may change and come back (Try again meets the same fault at once): watch for any change.
  const changes: MutationRecord[] = [];
  const observer = new MutationObserver((records) => changes.push(...records));
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  button.focus();
  await cell.user.keyboard('{Enter}');
  await waitFor(() => expect(changes.length, 'changes to the screen after the first way forward').toBeGreaterThan(0));
  observer.disconnect();
}

describe.each(ROWS)('$call', (row) => {
  it.each(FAULTS)('%s', async (fault) => {
    const consoleErrors = vi.spyOn(console, 'error');
    const cell = connect();
    await arm(cell, row.call, fault);
    await row.start(cell);
    if (fault === 'slow') await row.answered(cell);
    else await expectOutcome(cell, row.failed(fault));
    expect(consoleErrors).not.toHaveBeenCalled();
    consoleErrors.mockRestore();
  });
});
