/**
 * The payment link's page (/customPaymentIframe) and the intent redirect (/genPaymentIntend) against the
 * in-process sandbox (requirements.md §2, §3, §7; design.md §10: values from the address render as text, redirect
 * targets must be http(s)).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import customEn from '../../locales/custom/en.json';
import type { PaymentIntent } from '../../machines/custom-payment/payment-intent.machine';
import type { PaymentLinkQuery } from '../../machines/custom-payment/payment-link';
import { providePayPage } from '../../src/actors/pay-page';
import { providePaymentIntent } from '../../src/actors/payment-intent';
import { PaymentIntentPage } from '../../src/views/custom/PaymentIntentPage';
import { PaymentLinkPage } from '../../src/views/custom/PaymentLinkPage';
import { expiresIn, signedQuery } from '../fixtures/signed-link';
import type { SandboxApp } from '../../sandbox/app';
import { connectSandbox, en, isCall, json, type Intercept, type SentRequest } from './harness';

const LINK: PaymentLinkQuery = { machineId: '1001', totalPrice: '7.50', info: 'Wheelchair rental' };

/** The sandbox in-process, and an API client that talks to it (through `intercept`, if given). */
const connect = (intercept?: Intercept) => ({ ...connectSandbox({ intercept }), user: userEvent.setup() });

/** The link's values as the merchant signed them. */
const signed = (query: PaymentLinkQuery) =>
  signedQuery(Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1])));

/** A signed link whose `expires` passed a minute ago. */
const expired = (values: Record<string, string>) => signedQuery({ ...values, expires: expiresIn(-60) });

/** Pays a booked purchase through the real wallet contract, as another tab of the link would. */
async function payBooked(app: SandboxApp, sessionId: string, amount: string) {
  const response = await app.request('/v4/api/payment/pay/wallet?machine_id=1001&payment_method=google_pay', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'session-uuid': sessionId, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({
      paymentData: { paymentMethodData: { tokenizationData: { token: 'sandbox-approve' } } },
      amount,
      currencyCode: 'ILS',
    }),
  });
  expect(((await response.json()) as { status: number }).status).toBe(0);
}

/** The page of a link; its address is `signedAs` (by default the signed query itself). */
function renderLink(query: PaymentLinkQuery, paymentIntent?: string, signedAs = signed(query), connection = connect()) {
  const logic = providePayPage(connection.api, { withSplash: false });
  const view = render(
    <PaymentLinkPage query={query} paymentIntent={paymentIntent} signedQuery={signedAs} logic={logic} />,
  );
  return { ...connection, ...view };
}

const productContinue = () => screen.findByRole('button', { name: en.purchase.continue });
const setPurchaseCalls = (requests: SentRequest[]) =>
  requests.filter((request) => isCall(request, 'api/menu/set_purchase'));

describe('/customPaymentIframe', () => {
  it("shows the link's description, a picture and the amount, and no splash or product choices", async () => {
    const { container } = renderLink(LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wheelchair rental' })).toBeTruthy();
    expect(screen.getByText(customEn.link.amountToPay).parentElement?.textContent).toMatch(/₪7\.50/);
    expect(container.querySelector('.payment-link svg[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('group', { name: en.products.choose })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(document.cookie).not.toContain('splash');
    expect((await productContinue()).getAttribute('aria-disabled')).toBe('false');
  });

  it.each(['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>'])(
    'a description with markup (%s) is shown as text: no element is made from it',
    async (info) => {
      const { container } = renderLink({ ...LINK, info });
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading.textContent).toBe(info);
      expect(heading.children).toHaveLength(0);
      // The page's own images (the footer's payment marks) stay; none is made from the text.
      expect(container.querySelector('img[src="x"], script')).toBeNull();
    },
  );

  it("the link's currency: its symbol on the page", async () => {
    renderLink({ ...LINK, currency: 'usd' });
    await screen.findByRole('heading', { level: 1, name: 'Wheelchair rental' });
    expect(screen.getByText(customEn.link.amountToPay).parentElement?.textContent).toMatch(/\$7\.50/);
  });

  it('Continue has the operator book the signed link (no price through set_purchase) and opens the drawer', async () => {
    // Signed once: the expiry is the clock's second, which a slow run may pass between two signings.
    const query = signed(LINK);
    const { app, requests, user } = renderLink(LINK, undefined, query);
    await user.click(await productContinue());
    const drawer = await screen.findByRole('dialog', { name: en.drawer.title });
    expect(await within(drawer).findByRole('group', { name: en.methods.title })).toBeTruthy();
    // The amount on the spec's total line; the order summary above it names the payee and leaves the amount to it.
    expect(within(drawer).getByText(en.methods.total).parentElement?.textContent).toMatch(/₪7\.50/);
    const summary = within(drawer).getByRole('region', { name: en.summary.label });
    expect(summary.textContent).toContain('Sandbox Vending');
    expect(summary.textContent).not.toMatch(/₪/);

    expect(setPurchaseCalls(requests)).toEqual([]);
    const [call] = requests.filter((request) => isCall(request, 'api/merchants/custom/book_link'));
    expect(JSON.parse((await call?.body) ?? 'null')).toEqual({ query });
    expect([...app.purchases.values()]).toMatchObject([{ machine_id: '1001', totals: { total: 7.5, fees: 0 } }]);
  });

  it('a link whose amount was edited after signing: the operator refuses it, nothing is booked, the visitor is told', async () => {
    const edited = { ...LINK, totalPrice: '0.50' };
    const tampered = signed(LINK).replace('totalPrice=7.50', 'totalPrice=0.50');
    const { app, user } = renderLink(edited, undefined, tampered);
    await user.click(await productContinue());
    expect((await screen.findByRole('alert')).textContent).toContain(en.purchase.error);
    expect(screen.queryByRole('dialog', { name: en.drawer.title })).toBeNull();
    expect(app.purchases.size).toBe(0);
  });

  it('an expired link (410): Continue says so in its own words, nothing is booked', async () => {
    const { app, user } = renderLink(
      LINK,
      undefined,
      expired({ machineId: '1001', totalPrice: '7.50', info: 'Wheelchair rental' }),
    );
    await user.click(await productContinue());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This payment link has expired. Ask the sender for a new one.',
    );
    expect(screen.queryByRole('dialog', { name: en.drawer.title })).toBeNull();
    expect(app.purchases.size).toBe(0);
  });

  it('a link already paid in another tab (409): Continue says so, and nothing more is charged', async () => {
    const query = signed(LINK);
    const connection = connect();
    const { app, user } = renderLink(LINK, undefined, query, connection);
    const booked = await app.request('/v4/api/merchants/custom/book_link?machine_id=1001', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    await payBooked(app, ((await booked.json()) as { session_id: string }).session_id, '7.50');
    await user.click(await productContinue());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This payment link has already been paid. You have not been charged again.',
    );
    expect(screen.queryByRole('dialog', { name: en.drawer.title })).toBeNull();
    expect(app.charges.list()).toHaveLength(1);
  });

  it('with a payment intent, Continue opens the drawer without booking again, and the intent is the session', async () => {
    const { app, api, requests, user } = renderLink(LINK, 'intent-1');
    await user.click(await productContinue());
    expect(await screen.findByRole('group', { name: en.methods.title })).toBeTruthy();
    expect(setPurchaseCalls(requests)).toEqual([]);
    expect(app.purchases.size).toBe(0);
    expect(api.sessionUuid()).toBe('intent-1');
  });

  it('an unknown machine: the not-found message and a call to support, nothing to pay', async () => {
    renderLink({ ...LINK, machineId: '424242' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.machine.notFound);
    expect(screen.queryByRole('button', { name: en.purchase.continue })).toBeNull();
  });

  it('an inactive machine: the not-active message', async () => {
    renderLink({ ...LINK, machineId: '1007' });
    expect((await screen.findByRole('alert')).textContent).toContain(en.machine.notActive);
    expect(screen.queryByRole('button', { name: en.purchase.continue })).toBeNull();
  });

  it('bad values: the message lists each field with its problem, asks nothing of the API and offers nothing to pay', async () => {
    const { requests } = renderLink({
      totalPrice: 'abc',
      info: 'Parking',
      successReturnUrl: 'javascript:alert(1)',
      failuresReturnUrl: 'data:text/html,hi',
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: customEn.link.invalid.title })).toBeTruthy();
    const items = within(within(alert).getByRole('list', { name: customEn.link.invalid.listLabel }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      `${customEn.link.fields.machineId} (machineId): ${customEn.link.problems.required}`,
      `${customEn.link.fields.totalPrice} (totalPrice): ${customEn.link.problems.notNumber}`,
      `${customEn.link.fields.successReturnUrl} (successReturnUrl): ${customEn.link.problems.notWebAddress}`,
      `${customEn.link.fields.failuresReturnUrl} (failuresReturnUrl): ${customEn.link.problems.notWebAddress}`,
    ]);
    expect(screen.queryByRole('button')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('names the limit a problem is about', async () => {
    renderLink({ ...LINK, totalPrice: '1.005', info: 'x'.repeat(201) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('at most 2 decimals');
    expect(alert.textContent).toContain('at most 200 characters');
  });
});

const INTENT_QUERY = signedQuery({
  machine_id: '1001',
  amount: '7.5',
  info: 'Parking level 2',
  success_url: 'https://m.example/ok',
});

function renderIntent(query: string, intercept?: Intercept, connection = connect(intercept)) {
  const redirects: string[] = [];
  // jsdom cannot navigate: the redirect is recorded instead (the browser tests follow it for real).
  const logic = providePaymentIntent(connection.api).provide({
    actions: {
      redirect: (_, url) => {
        redirects.push(url);
      },
    },
  });
  const view = render(<PaymentIntentPage query={query} logic={logic} />);
  return { ...connection, ...view, redirects };
}

const getIframeCalls = (requests: SentRequest[]) =>
  requests.filter((request) => isCall(request, 'api/merchants/custom/get_iframe'));

describe('/genPaymentIntend', () => {
  it('passes the query on, stores visitor_uuid with its page, and goes to the page', async () => {
    const { app, requests, redirects } = renderIntent(INTENT_QUERY);
    await waitFor(() => expect(redirects).toHaveLength(1));
    const [call] = getIframeCalls(requests);
    expect(Object.fromEntries(new URL(call?.url ?? '').searchParams)).toMatchObject({
      machine_id: '1001',
      amount: '7.5',
      info: 'Parking level 2',
      success_url: 'https://m.example/ok',
    });
    const [visitorUuid] = [...app.purchases.keys()];
    expect(localStorage.getItem('visitor_uuid')).toBe(visitorUuid);
    expect(localStorage.getItem('visitor_uuid_for')).toBe(redirects[0]);
    const page = new URL(redirects[0] ?? '');
    expect(page.pathname).toBe('/customPaymentIframe');
    expect(page.searchParams.get('info')).toBe('Parking level 2');
    expect(screen.getByRole('status', { name: customEn.intent.preparing })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>'])(
    'an answer sending the browser to %s: the failure message, nothing stored, no navigation; Try again asks again',
    async (iframeUrl) => {
      const answer: { iframe_url: string; payment: { visitor_uuid: string } } = {
        iframe_url: iframeUrl,
        payment: { visitor_uuid: 'visitor-9' },
      };
      const { requests, redirects, user } = renderIntent(INTENT_QUERY, (request, sandbox) =>
        isCall(request, 'api/merchants/custom/get_iframe') ? Promise.resolve(json(answer)) : sandbox(request),
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(en.payment.errors.internal);
      expect(within(alert).getByRole('link', { name: new RegExp(`^${en.machine.contact}`) })).toBeTruthy();
      expect(redirects).toEqual([]);
      expect(localStorage.getItem('visitor_uuid')).toBeNull();

      await user.click(within(alert).getByRole('button', { name: en.machine.retry }));
      await waitFor(() => expect(getIframeCalls(requests)).toHaveLength(2));
      expect(await screen.findByRole('alert')).toBeTruthy();
      expect(redirects).toEqual([]);
    },
  );

  it('a link the operator turns down (not signed by the merchant): says so, with no retry', async () => {
    const { redirects } = renderIntent('machine_id=1001');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(customEn.intent.rejected);
    expect(within(alert).queryByRole('button', { name: en.machine.retry })).toBeNull();
    expect(redirects).toEqual([]);
  });

  it('an expired link (410): says so in its own words, with no retry', async () => {
    const { redirects } = renderIntent(
      expired({ machine_id: '1001', amount: '7.5', info: 'Parking level 2', success_url: 'https://m.example/ok' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This payment link has expired. Ask the sender for a new one.');
    expect(within(alert).queryByRole('button', { name: en.machine.retry })).toBeNull();
    expect(redirects).toEqual([]);
  });

  it('a link already paid (409): says so, with no retry, and charges nothing more', async () => {
    const connection = connect();
    const booked = await connection.app.request(`/v4/api/merchants/custom/get_iframe?${INTENT_QUERY}`);
    const { payment } = (await booked.json()) as { payment: { visitor_uuid: string } };
    await payBooked(connection.app, payment.visitor_uuid, '7.50');
    const { redirects } = renderIntent(INTENT_QUERY, undefined, connection);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This payment link has already been paid. You have not been charged again.');
    expect(within(alert).queryByRole('button', { name: en.machine.retry })).toBeNull();
    expect(redirects).toEqual([]);
    expect(connection.app.charges.list()).toHaveLength(1);
  });

  it('an answer of the wrong shape: the generic error with Try again', async () => {
    const intent: Partial<PaymentIntent> = {};
    renderIntent(INTENT_QUERY, (request, sandbox) =>
      isCall(request, 'api/merchants/custom/get_iframe') ? Promise.resolve(json(intent)) : sandbox(request),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.machine.unavailable);
    expect(within(alert).getByRole('button', { name: en.machine.retry })).toBeTruthy();
  });
});
