/**
 * /test (requirements.md §2): the operators' page that builds a machine's payment links. The operator
 * refuses unsigned links, so the page asks the sandbox to sign them (POST /sandbox/sign-link) when the
 * visitor asks for them; a production build says the back office signs them and asks nothing.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enInfo from '../../locales/info/en.json';
import heInfo from '../../locales/info/he.json';
import { provideTestLinks } from '../../src/actors/test-links';
import { TestLinksView } from '../../src/views/info/TestLinksView';
import { signedQuery } from '../fixtures/signed-link';
import { connectSandbox, type Intercept } from './harness';
import i18next from 'i18next';

const ORIGIN = 'http://localhost:4411';
const BACK = `${ORIGIN}/test`;
/** The page opens at 2031-03-10T08:00:00Z (the tests' clock): the sandbox's links expire 10 minutes later. */
const NOW = Date.parse('2031-03-10T08:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

const isSignLink = (request: { url: string | URL }) => new URL(request.url).pathname === '/sandbox/sign-link';

async function renderTest({ sandbox = true, intercept }: { sandbox?: boolean; intercept?: Intercept } = {}) {
  const connection = connectSandbox({ intercept });
  const user = userEvent.setup();
  render(<TestLinksView origin={ORIGIN} sandbox={sandbox} logic={provideTestLinks(connection.api, ORIGIN)} />);
  await screen.findByRole('heading', { level: 1, name: enInfo.test.title });
  const signCalls = () => connection.requests.filter(isSignLink);
  const signButton = () => screen.getByRole('button', { name: enInfo.test.sign });
  return { ...connection, user, signCalls, signButton };
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('/test with the sandbox', () => {
  it('starts with machine 1001, 10.00 and "Test payment"; Get signed links shows both links signed, as links and as text', async () => {
    const page = await renderTest();
    expect(screen.getByRole('textbox', { name: enInfo.test.machineId })).toHaveProperty('value', '1001');
    expect(screen.getByRole('textbox', { name: enInfo.test.amount })).toHaveProperty('value', '10.00');
    expect(screen.getByRole('textbox', { name: enInfo.test.successUrl })).toHaveProperty('value', BACK);
    // Nothing is signed before the visitor asks.
    expect(screen.queryByRole('link', { name: enInfo.test.customPaymentIframe })).toBeNull();
    expect(page.signCalls()).toHaveLength(0);

    await page.user.click(page.signButton());
    const iframe = `${ORIGIN}/customPaymentIframe?${signedQuery({
      totalPrice: '10.00',
      currency: 'ILS',
      info: 'Test payment',
      machineId: '1001',
      successReturnUrl: BACK,
      failuresReturnUrl: BACK,
      isDeferredPayment: 'false',
      expires: '1930896600',
    })}`;
    const intend = `${ORIGIN}/genPaymentIntend?${signedQuery({
      machine_id: '1001',
      amount: '10.00',
      info: 'Test payment',
      success_url: BACK,
      failure_url: BACK,
      expires: '1930896600',
    })}`;
    await screen.findByRole('link', { name: enInfo.test.customPaymentIframe });
    expect(hrefOf(enInfo.test.customPaymentIframe)).toBe(iframe);
    expect(hrefOf(enInfo.test.genPaymentIntend)).toBe(intend);
    expect(screen.getByText(iframe, { selector: 'code' })).toBeTruthy();
    expect(screen.getByText(intend, { selector: 'code' })).toBeTruthy();
    // Each link signed once, on the page's origin, with no visitor's session.
    expect(page.signCalls().map(({ method, url }) => `${method} ${url.href}`)).toEqual([
      `POST ${ORIGIN}/sandbox/sign-link`,
      `POST ${ORIGIN}/sandbox/sign-link`,
    ]);
    expect(
      page.signCalls().map(({ headers }) => headers.has('Idempotency-Key') || headers.has('session-uuid')),
    ).toEqual([false, false]);
  });

  it('typing asks nothing; an edit drops the signed links, and asking again signs what is typed', async () => {
    const page = await renderTest();
    await page.user.click(page.signButton());
    await screen.findByRole('link', { name: enInfo.test.customPaymentIframe });
    const machine = screen.getByRole('textbox', { name: enInfo.test.machineId });
    await page.user.clear(machine);
    await page.user.type(machine, '1006');
    const amount = screen.getByRole('textbox', { name: enInfo.test.amount });
    await page.user.clear(amount);
    await page.user.type(amount, '2,5');
    expect(screen.queryByRole('link', { name: enInfo.test.customPaymentIframe })).toBeNull();
    expect(page.signCalls()).toHaveLength(2);

    await page.user.click(page.signButton());
    await screen.findByRole('link', { name: enInfo.test.customPaymentIframe });
    const query = new URL(hrefOf(enInfo.test.customPaymentIframe) ?? '').searchParams;
    expect(query.get('machineId')).toBe('1006');
    expect(query.get('totalPrice')).toBe('2.50');
    expect(query.get('expires')).toBe('1930896600');
    expect(page.signCalls()).toHaveLength(4);
  });

  it('says it is signing while the sandbox answers (the button busy)', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = await renderTest({
      intercept: async (request, sandbox) => {
        if (isSignLink(request)) await held;
        return sandbox(request);
      },
    });
    await page.user.click(page.signButton());
    const busy = await screen.findByRole('button', { name: enInfo.test.signing });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    release();
    await screen.findByRole('link', { name: enInfo.test.genPaymentIntend });
    expect(page.signButton().getAttribute('aria-busy')).toBe('false');
  });

  it('a machine the sandbox does not know: the translated error, no link; asking again tries again', async () => {
    const page = await renderTest();
    const machine = screen.getByRole('textbox', { name: enInfo.test.machineId });
    await page.user.clear(machine);
    await page.user.type(machine, '424242');
    await page.user.click(page.signButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sandbox has no machine with this ID, so it cannot sign links for it.',
    );
    expect(screen.queryByRole('link', { name: enInfo.test.customPaymentIframe })).toBeNull();
    await page.user.click(page.signButton());
    await waitFor(() => expect(page.signCalls()).toHaveLength(4));
  });

  it('the sandbox out of service: the translated error, in Hebrew too', async () => {
    const page = await renderTest({
      intercept: () => Promise.resolve(new Response('{"message":"down"}', { status: 503 })),
    });
    await page.user.click(page.signButton());
    expect((await screen.findByRole('alert')).textContent).toBe('The links could not be signed. Please try again.');
    await i18next.changeLanguage('he');
    try {
      expect((await screen.findByRole('alert')).textContent).toBe(heInfo.test.signFailed.failed);
      expect(heInfo.test.signFailed.failed).toBe('לא הצלחנו לחתום על הקישורים. נסו שוב.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('an invalid amount or address shows a clear error at its field, no link, and asks nothing', async () => {
    const page = await renderTest();
    const amount = screen.getByRole('textbox', { name: enInfo.test.amount });
    await page.user.clear(amount);
    await page.user.type(amount, '1.234');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toContain(
      screen.getByText(enInfo.errors.tooManyDecimals).getAttribute('id'),
    );
    expect(screen.getByText(enInfo.test.noLinks)).toBeTruthy();
    expect(page.signButton().getAttribute('aria-disabled')).toBe('true');
    await page.user.click(page.signButton());
    expect(screen.queryByRole('link', { name: enInfo.test.customPaymentIframe })).toBeNull();
    expect(page.signCalls()).toHaveLength(0);

    await page.user.clear(amount);
    await page.user.type(amount, '0');
    expect(screen.getByText(enInfo.errors.notPositive)).toBeTruthy();

    await page.user.clear(amount);
    await page.user.type(amount, '3');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    const success = screen.getByRole('textbox', { name: enInfo.test.successUrl });
    await page.user.clear(success);
    await page.user.type(success, 'javascript:alert(1)');
    expect(screen.getByText(enInfo.errors.notHttp)).toBeTruthy();
    await page.user.click(page.signButton());
    expect(page.signCalls()).toHaveLength(0);
  });
});

describe('/test in a production build', () => {
  it('says the back office signs links, only the sandbox here; no form and no call', async () => {
    const page = await renderTest({ sandbox: false });
    expect(
      screen.getByText(
        "Payment links are signed in the operator's back office. Building them on this page is available only with the sandbox.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(page.requests).toHaveLength(0);
  });
});
