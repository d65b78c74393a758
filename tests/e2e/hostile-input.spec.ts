/**
 * Hostile input (design.md §10.3), in the browser: markup in any query value stays inert text;
 * a return address that is not absolute http(s) refuses the link before anything can be paid and is
 * never opened (a few here; every variant, tests/fixtures/hostile-addresses.ts, in the unit tests); neither is
 * such a page named by /genPaymentIntend's answer; and a message posted from another origin cannot
 * complete a card scan. (The description's markup and a plain javascript: address are in
 * custom-payment.spec.ts.)
 */
import type { Page } from '@playwright/test';
import customEn from '../../locales/custom/en.json' with { type: 'json' };
import customHe from '../../locales/custom/he.json' with { type: 'json' };
import {
  API_ORIGIN,
  continueButton,
  CUSTOM_PAYMENT_PAGE,
  drawer,
  expect,
  expectCharges,
  expectDocumentLanguage,
  inEnglish,
  type Lang,
  linePrice,
  linkPath,
  openPay,
  PAYMENT_STATUS,
  openPayment,
  product,
  productChoices,
  productInput,
  recordRequests,
  scannerButton,
  SET_PURCHASE_PATH,
  settled,
  STAND_INS_ORIGIN,
  startMethod,
  successHeading,
  tapScanner,
  test,
  TEXTS,
  intentPath,
} from './fixtures';
import { machineQuery, qrCode } from '../fixtures/machine-pages';

const CUSTOM_TEXTS: Record<Lang, typeof customEn> = { en: customEn, he: customHe };
const cola = product(1001, 101);

/** Markup that would make itself known if it ever became part of the page: an element with this id, or a dialog. */
const INJECTED_ID = 'injected';
const PAYLOADS = [
  `<img id=${INJECTED_ID} src=x onerror=alert(1)>`,
  `"><script id=${INJECTED_ID}>alert(document.domain)</script>`,
  `<svg id=${INJECTED_ID} onload=alert(1)>`,
];

/** What a hostile page would do: open dialogs, leave the origin, fetch from another host. Read at the end. */
function watchPage(page: Page, origin: string) {
  const dialogs: string[] = [];
  const leftTo: string[] = [];
  const foreignRequests: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).origin !== origin) leftTo.push(frame.url());
  });
  page.on('request', (request) => {
    const url = request.url();
    // The providers' stand-ins are on their own origin, as the real providers are on theirs, and so is
    // the operator's API when the build gives it one.
    if (/^https?:/.test(url) && ![origin, STAND_INS_ORIGIN, API_ORIGIN].includes(new URL(url).origin))
      foreignRequests.push(url);
  });
  return { dialogs, leftTo, foreignRequests };
}

async function expectNothingInjected(page: Page, watched: ReturnType<typeof watchPage>): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator(`#${INJECTED_ID}, [onerror], [onload]`)).toHaveCount(0);
  expect(watched.dialogs, 'dialogs opened').toEqual([]);
  expect(watched.leftTo, 'pages outside the origin').toEqual([]);
  expect(watched.foreignRequests, 'requests to other hosts').toEqual([]);
}

inEnglish('script injection through the query', (lang, t) => {
  const custom = CUSTOM_TEXTS[lang];

  for (const payload of PAYLOADS) {
    test(`machine_id ${payload} on /pay: the not-found message, nothing injected`, async ({ page, baseURL }) => {
      const watched = watchPage(page, new URL(baseURL ?? '').origin);
      await openPay(page, lang, new URLSearchParams({ machine_id: payload }).toString());
      await expect(page.getByRole('alert')).toContainText(t.machine.notFound);
      await expect(continueButton(page, t)).toHaveCount(0);
      await expectNothingInjected(page, watched);
    });
  }

  test('markup as the currency, the phone number and the machine of a link: listed as problems, nothing injected', async ({
    page,
    baseURL,
  }) => {
    const watched = watchPage(page, new URL(baseURL ?? '').origin);
    const [first, second, third] = PAYLOADS as [string, string, string];
    await page.goto(linkPath({ machineId: first, currency: second, phoneNumber: third, info: first }));
    await expectDocumentLanguage(page, lang);

    const problems = page
      .getByRole('alert')
      .getByRole('list', { name: custom.link.invalid.listLabel })
      .getByRole('listitem');
    await expect(problems).toHaveText([
      `${custom.link.fields.currency} (currency): ${custom.link.problems.notCurrency}`,
      `${custom.link.fields.phoneNumber} (phoneNumber): ${custom.link.problems.notPhone}`,
    ]);
    await expect(page.getByRole('button')).toHaveCount(0);
    await expectNothingInjected(page, watched);
  });

  test('markup as the machine of an otherwise good link: the not-found message, nothing injected', async ({
    page,
    baseURL,
  }) => {
    const watched = watchPage(page, new URL(baseURL ?? '').origin);
    await page.goto(linkPath({ machineId: PAYLOADS[0] ?? '' }));
    await expectDocumentLanguage(page, lang);
    await expect(page.getByRole('alert')).toContainText(t.machine.notFound);
    await expect(continueButton(page, t)).toHaveCount(0);
    await expectNothingInjected(page, watched);
  });

  test("an address with bit_return and markup in its message, in a browser with no payment underway, shows no verdict, asks the operator nothing and injects nothing; Bit's values leave the address", async ({
    page,
    baseURL,
  }) => {
    const watched = watchPage(page, new URL(baseURL ?? '').origin);
    // No payment is underway in this browser: the address alone makes the page ask the operator nothing
    // (GET /payment/status), whatever verdict it brings.
    const statusCalls = recordRequests(page, 'GET', PAYMENT_STATUS);
    const query = new URLSearchParams({
      machine_id: '1001',
      qr: qrCode(1001),
      bit_return: 'forged',
      bit_status: 'declined',
      transaction_id: PAYLOADS[1] ?? '',
      message: PAYLOADS[0] ?? '',
    });
    await openPay(page, lang, query.toString());
    await expect(productInput(page, t, cola.name)).toBeChecked();
    await expect(drawer(page, t)).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.search === `?${machineQuery(1001)}`);
    await expect(page.getByText(PAYLOADS[0] ?? '')).toHaveCount(0);
    await expectNothingInjected(page, watched);
    expect(statusCalls).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Return addresses and payment pages that are not absolute http(s)
// ---------------------------------------------------------------------------------------------

/**
 * The browser shows that the pages wire the rule, with one address that hides a script and one that leaves
 * for another site; every other variant is refused by the same check in the unit tests (payment-link.test.ts,
 * actors-payment-intent.test.ts, hostile-input.property.test.ts).
 */
const BROWSER_ADDRESSES = ['JaVaScRiPt:alert(document.cookie)', '//evil.example/pay'] as const;

inEnglish('return addresses that are not http(s)', (lang, t) => {
  const custom = CUSTOM_TEXTS[lang];

  for (const address of BROWSER_ADDRESSES) {
    test(`${JSON.stringify(address)} as both return addresses: refused before any payment, never opened`, async ({
      page,
      baseURL,
    }) => {
      const watched = watchPage(page, new URL(baseURL ?? '').origin);
      const setPurchases: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname === SET_PURCHASE_PATH) setPurchases.push(sent.url());
      });
      await page.goto(linkPath({ successReturnUrl: address, failuresReturnUrl: address }));
      await expectDocumentLanguage(page, lang);

      const alert = page.getByRole('alert');
      await expect(alert.getByRole('heading', { name: custom.link.invalid.title })).toBeVisible();
      await expect(alert.getByRole('listitem')).toHaveText([
        `${custom.link.fields.successReturnUrl} (successReturnUrl): ${custom.link.problems.notWebAddress}`,
        `${custom.link.fields.failuresReturnUrl} (failuresReturnUrl): ${custom.link.problems.notWebAddress}`,
      ]);
      await expect(page.getByRole('button')).toHaveCount(0);
      await expect(continueButton(page, t)).toHaveCount(0);
      await expectNothingInjected(page, watched);
      expect(new URL(page.url()).pathname).toBe(CUSTOM_PAYMENT_PAGE);
      expect(setPurchases).toEqual([]);
    });
  }
});

inEnglish('/genPaymentIntend answering a page that is not http(s)', (lang, t) => {
  for (const address of [...BROWSER_ADDRESSES, 'data:text/html,<script>alert(1)</script>']) {
    test(`iframe_url ${JSON.stringify(address)}: the failure message with a retry; the browser stays`, async ({
      page,
      baseURL,
    }) => {
      const watched = watchPage(page, new URL(baseURL ?? '').origin);
      await page.route('**/v4/api/merchants/custom/get_iframe**', (route) =>
        route.fulfill({ json: { iframe_url: address, payment: { visitor_uuid: 'visitor-evil' } } }),
      );
      await page.goto(intentPath({ machine_id: '1001', amount: '7.5', info: 'Parking' }));
      await expectDocumentLanguage(page, lang);

      const alert = page.getByRole('alert');
      await expect(alert).toContainText(t.payment.errors.internal);
      await expect(alert.getByRole('button', { name: t.machine.retry })).toBeVisible();
      await expectNothingInjected(page, watched);
      expect(new URL(page.url()).pathname).toBe('/genPaymentIntend');
    });
  }
});

// ---------------------------------------------------------------------------------------------
// postMessage: only the scanner's origin can report a scan
// ---------------------------------------------------------------------------------------------

test.describe('card scan (1001): a message from another origin', () => {
  const t = TEXTS.en;
  const ATTACKER = 'http://attacker.test/';

  test("a window on another origin posting the scanner's verdict completes nothing; the real scan still pays once", async ({
    page,
    context,
    request,
  }) => {
    // The attacker's page never reaches the network: the test serves it.
    await context.route(`${ATTACKER}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Attacker</title><h1>Attacker</h1>' }),
    );
    const sessionId = await openPayment(page, 'en', 1001);
    await startMethod(page, t, 'card_scan');
    await expect(scannerButton(page, t, 'approved')).toBeEnabled();

    // The app page counts the forged messages it receives, after the app's own listener (added when the
    // scanner opened, so it sees each message first).
    await page.evaluate(() => {
      const counted = window as unknown as { forgedSeen: number };
      counted.forgedSeen = 0;
      window.addEventListener('message', (event: MessageEvent<{ transaction_id?: unknown }>) => {
        if (event.data.transaction_id === 'forged') counted.forgedSeen += 1;
      });
    });

    // A window this page opened (so it holds a reference back) posts exactly what the scanner posts.
    const [attacker] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate((url) => void window.open(url, 'attacker'), ATTACKER),
    ]);
    await attacker.waitForLoadState();
    expect(new URL(attacker.url()).origin).toBe(new URL(ATTACKER).origin);
    const posted = await attacker.evaluate(() => {
      const app = window.opener as Window | null;
      if (!app) return false;
      for (const status of ['approved', 'declined', 'cancelled']) {
        app.postMessage({ source: 'card-scan', status, transaction_id: 'forged', message: 'forged' }, '*');
      }
      return true;
    });
    expect(posted, 'the attacker holds a reference to the app').toBe(true);
    await attacker.close();

    // Nothing happened once the app has had all three messages and painted what they did: still on the
    // scanner, no success or failure page, nothing charged.
    await expect.poll(() => page.evaluate(() => (window as unknown as { forgedSeen: number }).forgedSeen)).toBe(3);
    await settled(page);
    await expect(successHeading(page, t)).toHaveCount(0);
    await expect(drawer(page, t).getByRole('heading', { name: t.failure.title })).toHaveCount(0);
    await expect(scannerButton(page, t, 'approved')).toBeEnabled();
    await expectCharges(request, sessionId, []);

    await tapScanner(page, t, 'approved');
    await expect(successHeading(page, t)).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'card_scan', status: 'approved', amount: linePrice(cola) }]);
    await expect(productChoices(page, t)).toBeAttached();
  });
});
