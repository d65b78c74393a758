/**
 * requirements.md §2 /customPaymentIframe and /genPaymentIntend, §4 custom redirect pages, design.md §10: the link's
 * description renders as text, return and iframe addresses are followed only when they are http(s),
 * and a payment lands on the link's success or failure address. Google Pay (the sandbox's sheet) pays,
 * and Bit, whose processor sends the visitor back to the link's own page.
 */
import type { Dialog, Page } from '@playwright/test';
import customEn from '../../locales/custom/en.json' with { type: 'json' };
import customHe from '../../locales/custom/he.json' with { type: 'json' };
import {
  BIT_PAGE,
  bitReturnAddress,
  chooseMethod,
  continueButton,
  continueToPayment,
  CUSTOM_PAYMENT_PAGE,
  drawer,
  drawerButton,
  expect,
  expectCharges,
  expectDocumentLanguage,
  failureHeading,
  forEachLanguage,
  inEnglish,
  holdChunksContaining,
  type Lang,
  linkPath,
  methodContinue,
  methodList,
  money,
  sheetButton,
  startMethod,
  storedItem,
  successHeading,
  test,
  type Texts,
  TEXTS,
  intentPath,
  deliveryStatus,
  holdRequests,
  PAYMENT_STATUS,
} from './fixtures';
import { GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';

type CustomTexts = typeof customEn;
const CUSTOM_TEXTS: Record<Lang, CustomTexts> = { en: customEn, he: customHe };

const GET_IFRAME = '**/v4/api/merchants/custom/get_iframe**';

/** Every alert(), confirm() or prompt() the page opens: an injected script would show up here. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

async function openLink(page: Page, lang: Lang, path: string): Promise<void> {
  await page.goto(path);
  await expectDocumentLanguage(page, lang);
}

/** Chooses Google Pay in the open drawer and taps the sheet's `choice`. */
async function payWithGooglePay(page: Page, t: Texts, choice: 'Approve' | 'Decline'): Promise<void> {
  await chooseMethod(page, t, 'google_pay');
  await methodContinue(page, t).click();
  await drawerButton(page, t, GOOGLE_PAY_BUTTON).click();
  await sheetButton(page, 'Google Pay', choice).click();
}

/**
 * Pays with Bit: the browser leaves for the processor's page, where the payer decides; the processor
 * sends it back to the address the app gave (nothing else added). Answers that address.
 */
async function payWithBit(page: Page, t: Texts, decision: 'Approve' | 'Decline'): Promise<URL> {
  await startMethod(page, t, 'bit');
  await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
  return bitReturnAddress(page, () => page.getByRole('button', { name: decision, exact: true }).click());
}

inEnglish('/customPaymentIframe', (lang, t) => {
  const custom = CUSTOM_TEXTS[lang];

  for (const info of ['<img src=x onerror=alert(1)>', '"><script>alert(document.domain)</script>']) {
    test(`the description ${info} shows as text: no element made of it, no dialog`, async ({ page }) => {
      const dialogs = watchDialogs(page);
      await openLink(page, lang, linkPath({ info }));

      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toHaveText(info);
      await expect(page.getByText(custom.link.amountToPay)).toBeVisible();
      await expect(page.getByText(money(7.5, lang))).toBeVisible();
      await expect(page.locator('img[src="x"], main script')).toHaveCount(0);
      expect(await title.evaluate((heading) => heading.childElementCount)).toBe(0);
      await expect(continueButton(page, t)).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(dialogs).toEqual([]);
    });
  }

  test("Continue appears only with the link's words above it, so it never moves under a finger pressing it", async ({
    page,
  }) => {
    // The link page's words (the 'custom' namespace) and its intro are held until the page is seen loading.
    const release = await holdChunksContaining(page, 'amountToPay');
    await openLink(page, lang, linkPath());
    await expect(page.getByRole('status', { name: t.app.loading })).toBeVisible();
    await expect(continueButton(page, t)).toHaveCount(0);

    release();
    const continueBox = await continueButton(page, t).boundingBox();
    const amountBox = await page.getByText(custom.link.amountToPay).boundingBox();
    expect(continueBox && amountBox && continueBox.y > amountBox.y).toBe(true);
    await continueToPayment(page, t);
  });

  test('Continue opens the payment drawer with the methods and the amount', async ({ page }) => {
    await openLink(page, lang, linkPath());
    await continueToPayment(page, t);
    await expect(methodList(page, t)).toBeVisible();
    await expect(drawer(page, t)).toContainText(money(7.5, lang));
  });

  test('a declined payment lands on the failure address; one declined charge', async ({ page, request, baseURL }) => {
    const failure = `${baseURL ?? ''}/payment-failed?ref=2`;
    await openLink(
      page,
      lang,
      linkPath({ successReturnUrl: `${baseURL ?? ''}/payment-done`, failuresReturnUrl: failure }),
    );
    const sessionId = await continueToPayment(page, t);
    await payWithGooglePay(page, t, 'Decline');

    await page.waitForURL(failure);
    await expect(page.getByRole('heading', { level: 1, name: t.app.welcome })).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'google_pay', status: 'declined', amount: 7.5 }]);
  });

  test('Bit approved: back on the link’s own page (its signed query), the operator’s verdict sends the browser to the success address; one approved charge', async ({
    page,
    request,
    baseURL,
  }) => {
    const success = `${baseURL ?? ''}/payment-done?ref=3`;
    const link = linkPath({ successReturnUrl: success, failuresReturnUrl: `${baseURL ?? ''}/payment-failed` });
    await openLink(page, lang, link);
    const sessionId = await continueToPayment(page, t);
    const returnAddress = await payWithBit(page, t, 'Approve');

    expect(returnAddress.pathname).toBe(CUSTOM_PAYMENT_PAGE);
    // Exactly the link's signed query: nothing added, nothing dropped.
    expect(returnAddress.search.slice(1)).toBe(link.slice(link.indexOf('?') + 1));
    await page.waitForURL(success);
    await expect(page.getByRole('heading', { level: 1, name: t.app.welcome })).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: 7.5 }]);
  });

  test('Bit declined: back on the link’s page, the operator’s verdict sends the browser to the failure address; one declined charge', async ({
    page,
    request,
    baseURL,
  }) => {
    const failure = `${baseURL ?? ''}/payment-failed?ref=4`;
    await openLink(
      page,
      lang,
      linkPath({ successReturnUrl: `${baseURL ?? ''}/payment-done`, failuresReturnUrl: failure }),
    );
    const sessionId = await continueToPayment(page, t);
    const returnAddress = await payWithBit(page, t, 'Decline');

    expect(returnAddress.pathname).toBe(CUSTOM_PAYMENT_PAGE);
    await page.waitForURL(failure);
    await expect(page.getByRole('heading', { level: 1, name: t.app.welcome })).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'declined', amount: 7.5 }]);
  });

  test('Bit without return addresses: the success page stays on the link’s page, whose address has no Bit parameter and keeps its signature', async ({
    page,
    request,
  }) => {
    const link = linkPath();
    await openLink(page, lang, link);
    const sessionId = await continueToPayment(page, t);
    await payWithBit(page, t, 'Approve');

    await expect(successHeading(page, t)).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: 7.5 }]);
    await expect(page).toHaveURL((url) => url.pathname === CUSTOM_PAYMENT_PAGE && !url.searchParams.has('bit_return'));
    expect(new URL(page.url()).searchParams.get('signature')).toBe(
      new URLSearchParams(link.slice(link.indexOf('?') + 1)).get('signature'),
    );
  });

  test('without return addresses the success page stays, and says nothing of a machine delivering', async ({
    page,
    request,
  }) => {
    await openLink(page, lang, linkPath());
    const sessionId = await continueToPayment(page, t);
    // The operator's word is held: a link has nothing to deliver, so nothing is said while it is asked.
    const release = await holdRequests(page, `**${PAYMENT_STATUS}**`);
    await payWithGooglePay(page, t, 'Approve');

    await expect(successHeading(page, t)).toBeVisible();
    await expect(deliveryStatus(page, t)).toHaveCount(0);
    release();
    await expectCharges(request, sessionId, [{ method: 'google_pay', status: 'approved', amount: 7.5 }]);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe(CUSTOM_PAYMENT_PAGE);
    await expect(successHeading(page, t)).toBeVisible();
  });

  test('without a failure address a declined payment stays on the failure page, where the visitor can try again', async ({
    page,
    baseURL,
  }) => {
    await openLink(page, lang, linkPath({ successReturnUrl: `${baseURL ?? ''}/payment-done` }));
    await continueToPayment(page, t);
    await payWithGooglePay(page, t, 'Decline');
    await expect(failureHeading(page, t)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(CUSTOM_PAYMENT_PAGE);
    await expect(drawerButton(page, t, t.failure.retry)).toBeVisible();
  });

  test('bad values (amount abc, no machine, a javascript: return address): the clear message and nothing to pay', async ({
    page,
  }) => {
    const dialogs = watchDialogs(page);
    const query = new URLSearchParams({
      totalPrice: 'abc',
      info: 'Parking',
      successReturnUrl: 'javascript:alert(1)',
    });
    await openLink(page, lang, `${CUSTOM_PAYMENT_PAGE}?${query.toString()}`);

    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: custom.link.invalid.title })).toBeVisible();
    const problems = alert.getByRole('list', { name: custom.link.invalid.listLabel }).getByRole('listitem');
    await expect(problems).toHaveText([
      `${custom.link.fields.machineId} (machineId): ${custom.link.problems.required}`,
      `${custom.link.fields.totalPrice} (totalPrice): ${custom.link.problems.notNumber}`,
      `${custom.link.fields.successReturnUrl} (successReturnUrl): ${custom.link.problems.notWebAddress}`,
    ]);
    await expect(continueButton(page, t)).toHaveCount(0);
    await expect(page.getByRole('button')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('a javascript: failure address alone refuses the whole link', async ({ page }) => {
    await openLink(page, lang, linkPath({ failuresReturnUrl: 'javascript:alert(1)' }));
    await expect(page.getByRole('alert')).toContainText(
      `${custom.link.fields.failuresReturnUrl} (failuresReturnUrl): ${custom.link.problems.notWebAddress}`,
    );
    await expect(continueButton(page, t)).toHaveCount(0);
  });

  test('an unknown machine: the not-found message', async ({ page }) => {
    await openLink(page, lang, linkPath({ machineId: '424242' }));
    await expect(page.getByRole('alert')).toContainText(t.machine.notFound);
    await expect(continueButton(page, t)).toHaveCount(0);
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('/customPaymentIframe', (lang, t) => {
  test('an approved payment lands on the success address; one approved charge', async ({ page, request, baseURL }) => {
    const success = `${baseURL ?? ''}/payment-done?ref=1`;
    await openLink(
      page,
      lang,
      linkPath({ successReturnUrl: success, failuresReturnUrl: `${baseURL ?? ''}/payment-failed` }),
    );
    const sessionId = await continueToPayment(page, t);
    await payWithGooglePay(page, t, 'Approve');

    await page.waitForURL(success);
    await expect(page.getByRole('heading', { level: 1, name: t.app.welcome })).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'google_pay', status: 'approved', amount: 7.5 }]);
  });
});

inEnglish('/genPaymentIntend', (lang, t) => {
  test('an answer naming javascript:alert(1) as the page: the failure message, no navigation, no dialog', async ({
    page,
  }) => {
    const dialogs = watchDialogs(page);
    await page.route(GET_IFRAME, (route) =>
      route.fulfill({ json: { iframe_url: 'javascript:alert(1)', payment: { visitor_uuid: 'visitor-evil' } } }),
    );
    await page.goto(intentPath({ machine_id: '1001', amount: '7.5', info: 'Parking' }));
    await expectDocumentLanguage(page, lang);

    const alert = page.getByRole('alert');
    await expect(alert).toContainText(t.payment.errors.internal);
    await expect(alert.getByRole('button', { name: t.machine.retry })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/genPaymentIntend');
    expect(await storedItem(page, 'visitor_uuid')).toBeNull();
    expect(dialogs).toEqual([]);
  });

  test('a link the merchant did not sign: the operator turns it down, the page says so, and offers no retry', async ({
    page,
  }) => {
    await page.goto('/genPaymentIntend?machine_id=1001&amount=7.5&info=Parking');
    await expectDocumentLanguage(page, lang);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(CUSTOM_TEXTS[lang].intent.rejected);
    await expect(alert.getByRole('button', { name: t.machine.retry })).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/genPaymentIntend');
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('/genPaymentIntend', (lang, t) => {
  test('lands on the payment page with visitor_uuid stored; paying charges that very purchase once', async ({
    page,
    request,
  }) => {
    const dialogs = watchDialogs(page);
    const setPurchases: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/v4/api/menu/set_purchase') setPurchases.push(sent.url());
    });
    await page.goto(intentPath({ machine_id: '1001', amount: '7.5', info: 'Parking, level 2' }));

    await page.waitForURL((url) => url.pathname === CUSTOM_PAYMENT_PAGE);
    await expectDocumentLanguage(page, lang);
    await expect(page.getByRole('heading', { level: 1, name: 'Parking, level 2' })).toBeVisible();
    const visitorUuid = await storedItem(page, 'visitor_uuid');
    expect(visitorUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storedItem(page, 'visitor_uuid_for')).toBe(page.url());

    await continueButton(page, t).click();
    await expect(methodList(page, t)).toBeVisible();
    await payWithGooglePay(page, t, 'Approve');
    await expect(successHeading(page, t)).toBeVisible();
    await expectCharges(request, visitorUuid ?? '', [{ method: 'google_pay', status: 'approved', amount: 7.5 }]);
    expect(setPurchases).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});

test.describe('payment intent, once', () => {
  const t = TEXTS.en;

  test('a stale intent from another link is not used: that link books its own purchase', async ({ page }) => {
    await page.goto(intentPath({ machine_id: '1001', amount: '7.5', info: 'First' }));
    await page.waitForURL((url) => url.pathname === CUSTOM_PAYMENT_PAGE);
    const first = await storedItem(page, 'visitor_uuid');

    await page.goto(linkPath({ info: 'Second' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Second' })).toBeVisible();
    const sessionId = await continueToPayment(page, t);
    expect(sessionId).not.toBe(first);
  });

  test('a reload of the intent link keeps its intent: nothing is booked again', async ({ page }) => {
    const setPurchases: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/v4/api/menu/set_purchase') setPurchases.push(sent.url());
    });
    await page.goto(intentPath({ machine_id: '1001', amount: '7.5', info: 'Reloaded' }));
    await page.waitForURL((url) => url.pathname === CUSTOM_PAYMENT_PAGE);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Reloaded' })).toBeVisible();
    await continueButton(page, t).click();
    await expect(methodList(page, t)).toBeVisible();
    expect(setPurchases).toEqual([]);
  });
});
