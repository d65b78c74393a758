/**
 * Spec §2/§4 hosted payment page (Yaad Sarig, machine 1002): the frame with a loader first, the pay
 * status kept in local storage (spec §3 `payStatus`), success on the provider's success host,
 * failure when the page comes back to its own address, and one charge per purchase.
 */
import type { Page, Route } from '@playwright/test';
import {
  card,
  doubleTap,
  drawer,
  drawerButton,
  expect,
  expectCharges,
  failureHeading,
  failurePage,
  fill,
  forEachLanguage,
  HOSTED_PAGE,
  type Lang,
  linePrice,
  machineTel,
  money,
  openPayment,
  product,
  productChoices,
  receiptOfProduct,
  recordRequests,
  startMethod,
  storedItem,
  successHeading,
  successPage,
  test,
  TEST_CARDS,
  type TestCard,
  type Texts,
  TEXTS,
} from './fixtures';

const chocolate = product(1002, 204);

/** The provider's page inside the drawer, in the frame the app titles. */
const paymentFrame = (page: Page, t: Texts) => page.frameLocator(`iframe[title="${t.payment.hostedPage.title}"]`);
const frameLoader = (page: Page, t: Texts) =>
  drawer(page, t).getByRole('status', { name: t.payment.hostedPage.loading });
const framePayButton = (page: Page, t: Texts) =>
  paymentFrame(page, t).getByRole('button', { name: `Pay ${money(linePrice(chocolate))}`, exact: true });

/**
 * Picks Chocolate on 1002 and opens card entry. The provider's page is held back until the loader
 * has been seen, so the loader is checked without racing the frame.
 */
async function openHostedPage(page: Page, lang: Lang, t: Texts): Promise<string> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === HOSTED_PAGE,
    async (route: Route) => {
      await released;
      await route.fallback();
    },
    { times: 1 },
  );
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

async function fillFrame(page: Page, t: Texts, { number, expiry, cvv }: TestCard): Promise<void> {
  const frame = paymentFrame(page, t);
  await frame.getByLabel('Card number', { exact: true }).fill(number);
  await frame.getByLabel('Expiry (MM/YY)', { exact: true }).fill(expiry);
  await frame.getByLabel('CVV', { exact: true }).fill(cvv);
}

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
    const [charge] = await expectCharges(request, sessionId, [
      { method: 'yaad_sarig', status: 'approved', amount: linePrice(chocolate) },
    ]);
    await expect(successPage(page, t)).toContainText(fill(t.success.transaction, { id: charge?.id ?? '?' }));
    await expect(successPage(page, t)).toContainText(receiptOfProduct(t, chocolate));

    await drawerButton(page, t, t.success.morePurchases).click();
    await expect(drawer(page, t)).toHaveCount(0);
    await expect(productChoices(page, t)).toBeVisible();
    expect(await storedItem(page, 'payStatus')).toBeNull();
  });

  test('a declined card: the provider sends its page back to its own address, and the failure page shows; one declined charge', async ({
    page,
    request,
  }) => {
    const sessionId = await openHostedPage(page, lang, t);
    await fillFrame(page, t, card(TEST_CARDS.declined));
    await framePayButton(page, t).click();

    await expect(failureHeading(page, t)).toBeVisible();
    await expect(failurePage(page, t)).toContainText(t.failure.comment);
    await expect(failurePage(page, t)).toContainText(t.payment.errors.paymentFailed);
    await expectCharges(request, sessionId, [
      { method: 'yaad_sarig', status: 'declined', amount: linePrice(chocolate) },
    ]);
  });
});

test.describe('hosted payment page, Yaad Sarig (1002), once', () => {
  const t = TEXTS.en;

  test('a double submit in the frame charges once', async ({ page, request }) => {
    const sessionId = await openHostedPage(page, 'en', t);
    const submits = recordRequests(page, 'POST', HOSTED_PAGE);
    await fillFrame(page, t, card());
    await doubleTap(framePayButton(page, t));

    await expect(successHeading(page, t)).toBeVisible();
    expect(submits).toHaveLength(1);
    await expectCharges(request, sessionId, [
      { method: 'yaad_sarig', status: 'approved', amount: linePrice(chocolate) },
    ]);
  });
});
