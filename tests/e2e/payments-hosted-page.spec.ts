/**
 * requirements.md §2/§4 hosted payment page (Yaad Sarig / Hyp, machine 1002), cross-origin as in production: the
 * frame with a loader first, the pay status kept in local storage (requirements.md §3 `payStatus`); the provider's
 * pages (its form, 3-D Secure) on their own origin; its redirect to the app's return page verified by
 * the operator before success or failure; a forged return refused; one charge per purchase.
 */
import type { Page, Route } from '@playwright/test';
import {
  card,
  continueToPayment,
  closeDrawer,
  drawer,
  drawerButton,
  expect,
  expectChargedOnce,
  expectCharges,
  type ExpectedCharge,
  expectFailurePage,
  failureHeading,
  fill,
  forEachLanguage,
  inEnglish,
  HOSTED_PAGE,
  hostedPageFrame,
  hostedPagePayButton,
  fillHostedPage,
  type Lang,
  linePrice,
  machineTel,
  openPayment,
  product,
  productChoices,
  receiptOfProduct,
  PAYMENT_STATUS,
  recordedPayments,
  recordRequests,
  startMethod,
  storedItem,
  successHeading,
  successPage,
  test,
  TEST_CARDS,
  type Texts,
  TEXTS,
  failurePage,
} from './fixtures';

const chocolate = product(1002, 204);
const VERIFY = '/v4/api/payment/post/hosted_page/verify';
const PAY_AJAX = '/v4/api/payment/pay/pay_ajax';
/** Hyp serves a payment page 10 minutes (developers.hyp.co.il, "Integrating Hyp's Payment Page"). */
const HYP_PAGE_VALIDITY = '10:00';

/** The provider's page inside the drawer, in the frame the app titles. */
const paymentFrame = hostedPageFrame;
const frameLoader = (page: Page, t: Texts) =>
  drawer(page, t).getByRole('status', { name: t.payment.hostedPage.loading });
const framePayButton = (page: Page, t: Texts) => hostedPagePayButton(page, t, linePrice(chocolate));
/** The purchase's one charge: Chocolate, paid on Hyp's page. */
const hypCharge = (status: ExpectedCharge['status']): ExpectedCharge[] => [
  { method: 'yaad_sarig', status, amount: linePrice(chocolate) },
];

/** Holds the next request to `pathname` until the returned function releases it. */
async function holdRequest(page: Page, pathname: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === pathname,
    async (route: Route) => {
      await released;
      await route.fallback();
    },
    { times: 1 },
  );
  return release;
}

/**
 * Picks Chocolate on 1002 and opens card entry. The provider's page is held back until the loader
 * has been seen, so the loader is checked without racing the frame.
 */
async function openHostedPage(page: Page, lang: Lang, t: Texts): Promise<string> {
  const release = await holdRequest(page, HOSTED_PAGE);
  const sessionId = await openPayment(page, lang, 1002, [chocolate.name], 'checkbox');
  await startMethod(page, t, 'credit_card');

  await expect(frameLoader(page, t)).toBeVisible();
  await expect.poll(() => storedItem(page, 'payStatus')).toBe('pending');
  release();
  await expect(framePayButton(page, t)).toBeVisible();
  await expect(frameLoader(page, t)).toHaveCount(0);
  expect(await storedItem(page, 'payStatus')).toBe('pending');
  return sessionId;
}

const fillFrame = fillHostedPage;

/** Opens the hosted page and pays with the 3-D Secure card: the bank's challenge shows in the frame. */
async function toThreeDSecure(page: Page, lang: Lang, t: Texts) {
  const sessionId = await openHostedPage(page, lang, t);
  await fillFrame(page, t, card(TEST_CARDS.threeDSecure));
  await framePayButton(page, t).click();
  const frame = paymentFrame(page, t);
  await expect(frame.getByRole('heading', { name: '3-D Secure' })).toBeVisible();
  return { sessionId, frame };
}

inEnglish('hosted payment page, Yaad Sarig (1002)', (lang, t) => {
  test('closing the drawer while the operator verifies what Hyp sent back does not drop the payment: the success page and its one charge', async ({
    page,
    request,
  }) => {
    const sessionId = await openHostedPage(page, lang, t);
    const verifying = page.waitForRequest((sent) => new URL(sent.url()).pathname === VERIFY);
    const release = await holdRequest(page, VERIFY);
    await fillFrame(page, t, card());
    await framePayButton(page, t).click();
    await verifying;

    await drawer(page, t).getByRole('button', { name: t.drawer.close }).click();
    await expect(drawer(page, t)).toBeVisible();
    release();

    await expect(successHeading(page, t)).toBeVisible();
    await expectCharges(request, sessionId, hypCharge('approved'));
  });

  test('a declined card: the provider returns the payer with its error code, and the failure page says it in the visitor’s words; one declined charge', async ({
    page,
    request,
  }) => {
    const sessionId = await openHostedPage(page, lang, t);
    const verifies = recordRequests(page, 'POST', VERIFY);
    await fillFrame(page, t, card(TEST_CARDS.declined));
    await framePayButton(page, t).click();

    await expectFailurePage(page, t, t.failure.comment, t.failure.reasons.declined);
    await expect(failurePage(page, t)).not.toContainText('Card declined (Hyp CCode 4).');
    expect(verifies).toHaveLength(1);
    await expectCharges(request, sessionId, hypCharge('declined'));
  });

  test('a 3-D Secure card: the bank’s challenge inside the frame (the provider’s origin), then Complete: the success page', async ({
    page,
    request,
  }) => {
    const { sessionId, frame } = await toThreeDSecure(page, lang, t);
    // Another page of the provider: the app keeps showing it, with nothing charged yet.
    await expect(drawer(page, t).getByRole('heading', { name: t.payment.hostedPage.title })).toBeVisible();
    await expect(frameLoader(page, t)).toHaveCount(0);
    await expectCharges(request, sessionId, []);
    await frame.getByRole('button', { name: 'Complete', exact: true }).click();

    await expect(successHeading(page, t)).toBeVisible();
    const [charge] = await expectCharges(request, sessionId, hypCharge('approved'));
    await expect(successPage(page, t)).toContainText(fill(t.success.transaction, { id: charge?.id ?? '?' }));
  });

  test('a 3-D Secure page that breaks out of the frame: Hyp’s return loads at the top level, and the app asks the operator, whom Hyp notified: the success page, one approved charge', async ({
    page,
    request,
  }) => {
    const { sessionId, frame } = await toThreeDSecure(page, lang, t);

    // Some issuers' 3-D Secure pages leave the merchant's frame: this one's form targets the top window.
    await frame.locator('form').evaluate((form: HTMLFormElement) => (form.target = '_top'));
    const topLevelReturn = page.waitForRequest(
      (sent) =>
        sent.isNavigationRequest() &&
        sent.frame() === page.mainFrame() &&
        new URL(sent.url()).pathname === '/payment-return.html',
    );
    const verifies = recordRequests(page, 'POST', VERIFY);
    const asked = recordRequests(page, 'GET', PAYMENT_STATUS);
    await frame.getByRole('button', { name: 'Complete', exact: true }).click();

    // The scenario: the whole tab went to the bank, Hyp, the terminal's return page, then the app's return page.
    const returned = new URL((await topLevelReturn).url());
    expect(returned.searchParams.get('CCode')).toBe('0');
    expect(returned.searchParams.get('Order')).toBe(sessionId);
    // The outcome: the page the payment started on, the operator's answer under the purchase's session
    // (Hyp's notification told it; the browser's parameters are not needed), one approved charge.
    await expect(successHeading(page, t)).toBeVisible();
    expect(verifies).toHaveLength(0);
    expect(asked.length).toBeGreaterThan(0);
    for (const status of asked) expect(await status.headerValue('session-uuid')).toBe(sessionId);
    expect(await recordedPayments(request, sessionId)).toMatchObject([
      { method: 'yaad_sarig', status: 'approved', source: 'notification' },
    ]);
    const [charge] = await expectCharges(request, sessionId, hypCharge('approved'));
    await expect(successPage(page, t)).toContainText(fill(t.success.transaction, { id: charge?.id ?? '?' }));
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/pay');
    expect([...landed.searchParams.keys()]).toEqual(['machine_id', 'qr']);

    // Closed, its end is over: loading the return again carries nobody on, asks nothing and charges nothing.
    await closeDrawer(page, t);
    const askedBefore = asked.length;
    await page.goto(returned.href);
    await expect(page.getByRole('link', { name: 'Back to the start' })).toBeVisible();
    expect(asked).toHaveLength(askedBefore);
    expect(verifies).toHaveLength(0);
    await expectCharges(request, sessionId, hypCharge('approved'));
  });

  /** Opens the hosted page with the page's clock installed (after the page loaded), then lets Hyp's 10 minutes pass. */
  async function outliveHostedPage(page: Page) {
    const sessionId = await openPayment(page, lang, 1002, [chocolate.name], 'checkbox');
    // The page's 10 minutes run on the page's clock, which the test moves on instead of waiting.
    await page.clock.install();
    await startMethod(page, t, 'credit_card');
    await expect(framePayButton(page, t)).toBeVisible();
    await page.clock.fastForward(HYP_PAGE_VALIDITY);
    return sessionId;
  }

  test('a page left open past Hyp’s 10 minutes: a plain error with Try again, the frame gone, nothing charged', async ({
    page,
    request,
  }) => {
    const expiredSession = await outliveHostedPage(page);
    await expectFailurePage(page, t, t.payment.errors.pageExpired);
    await expect(drawerButton(page, t, t.failure.retry)).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(await storedItem(page, 'payStatus')).toBe('failed');
    await expectCharges(request, expiredSession, []);
  });

  // The visitor asks for reduced motion: after the installed clock's 10-minute jump, framer-motion would start
  // the sheet's exit animation (a Web Animation) at the page's clock, 10 minutes ahead of the browser's own,
  // and the leaving sheet would cover Continue for that long. Without motion the sheet leaves at once.
  test('after an expired page, Try again gets a fresh page address from pay_ajax, which pays', async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const pages = recordRequests(page, 'GET', PAY_AJAX);
    const expiredSession = await outliveHostedPage(page);
    await expect(failureHeading(page, t)).toBeVisible();
    await drawerButton(page, t, t.failure.retry).click();
    await expect(drawer(page, t)).toHaveCount(0);
    const sessionId = await continueToPayment(page, t);
    await startMethod(page, t, 'credit_card');
    await expect(framePayButton(page, t)).toBeVisible();
    expect(pages).toHaveLength(2);
    await fillFrame(page, t, card());
    await framePayButton(page, t).click();
    await expect(successHeading(page, t)).toBeVisible();
    await expectCharges(request, sessionId, hypCharge('approved'));
    await expectCharges(request, expiredSession, []);
  });

  test('a forged return (a declined payment’s CCode turned to 0) is refused by the operator: the failure page, nothing approved', async ({
    page,
    request,
  }) => {
    const sessionId = await openHostedPage(page, lang, t);
    // Whoever controls the payer's browser rewrites Hyp's redirect on its way to the return page.
    await page.route(
      (url) => url.pathname === HOSTED_PAGE,
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        const answer = await route.fetch({ maxRedirects: 0 });
        const forged = new URL(answer.headers().location ?? '', route.request().url());
        forged.searchParams.set('CCode', '0');
        forged.searchParams.set('ACode', '0000001');
        return route.fulfill({ status: 303, headers: { location: forged.href } });
      },
    );
    await fillFrame(page, t, card(TEST_CARDS.declined));
    await framePayButton(page, t).click();

    // The operator's refusal is no verdict of the payment: the page asks it, and it says not charged.
    await expectFailurePage(page, t, t.payment.errors.notCharged);
    await expectCharges(request, sessionId, hypCharge('declined'));
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('hosted payment page, Yaad Sarig (1002)', (lang, t) => {
  test('the frame loads behind a loader; an approved card: the success page, one charge; closing it clears the pay status', async ({
    page,
    request,
  }) => {
    const sessionId = await openHostedPage(page, lang, t);
    const support = drawer(page, t).getByRole('link', { name: t.payment.supportLink });
    await expect(support).toHaveAttribute('href', machineTel(1002));

    await fillFrame(page, t, card());
    await framePayButton(page, t).click();

    await expect(successHeading(page, t)).toBeVisible();
    const [charge] = await expectCharges(request, sessionId, hypCharge('approved'));
    await expect(successPage(page, t)).toContainText(fill(t.success.transaction, { id: charge?.id ?? '?' }));
    await expect(successPage(page, t)).toContainText(receiptOfProduct(t, chocolate, 'credit_card'));

    await drawerButton(page, t, t.success.morePurchases).click();
    await expect(drawer(page, t)).toHaveCount(0);
    await expect(productChoices(page, t)).toBeVisible();
    expect(await storedItem(page, 'payStatus')).toBeNull();
  });
});

test.describe('hosted payment page, Yaad Sarig (1002), once', () => {
  const t = TEXTS.en;

  // The provider's form is the sandbox's page, not the app's: this checks the stand-in. The app's own
  // button that opens it (the popup's Continue) is tapped twice in payments-no-double-charge.spec.ts.
  test('the sandbox’s hosted page: a double submit in its frame posts once and charges once', async ({
    page,
    request,
  }) => {
    const sessionId = await openHostedPage(page, 'en', t);
    const submits = recordRequests(page, 'POST', HOSTED_PAGE);
    await fillFrame(page, t, card());
    await framePayButton(page, t).dblclick();

    await expect(successHeading(page, t)).toBeVisible();
    await expectChargedOnce(request, sessionId, submits, 'yaad_sarig', linePrice(chocolate));
  });

  test('a page pay_ajax names off the provider’s origin is never framed: the failure page, no pay status', async ({
    page,
  }) => {
    await page.route('**/v4/api/payment/pay/pay_ajax**', async (route) => {
      const answer = (await (await route.fetch()).json()) as { data: { data: { payment_url: string } } };
      const posing = new URL(answer.data.data.payment_url);
      posing.host = new URL(page.url()).host; // the app's own origin, posing as the provider's form
      answer.data.data.payment_url = posing.href;
      await route.fulfill({ json: answer });
    });
    await openPayment(page, 'en', 1002, [chocolate.name], 'checkbox');
    await startMethod(page, t, 'credit_card');

    await expectFailurePage(page, t, t.payment.errors.unexpectedFrameUrl);
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(await storedItem(page, 'payStatus')).toBeNull();
  });
});
