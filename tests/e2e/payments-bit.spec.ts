/**
 * Bit (machine 1001): the "Pay with Bit" popup, then the browser leaves for Bit's page and comes
 * back to /pay with the verdict; the address then loses Bit's parameters, so a reload starts afresh.
 */
import type { Page } from '@playwright/test';
import {
  BIT_PAGE,
  CARD_DECLINED,
  drawer,
  expect,
  expectCharges,
  failureHeading,
  failurePage,
  fill,
  forEachLanguage,
  type Lang,
  linePrice,
  money,
  openPayment,
  product,
  productChoices,
  productInput,
  receiptOfProduct,
  recordRequests,
  startMethod,
  successHeading,
  successPage,
  test,
  type Texts,
} from './fixtures';

const cola = product(1001, 101);

/** Opens 1001 (Cola preselected), chooses Bit and lands on Bit's page; the session_id. */
async function goToBit(page: Page, lang: Lang, t: Texts): Promise<string> {
  const sessionId = await openPayment(page, lang, 1001);
  await startMethod(page, t, 'bit');
  await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
  await expect(page.getByText(`Pay ${money(linePrice(cola))} to`)).toBeVisible();
  return sessionId;
}

/** Back on this machine's /pay, without Bit's parameters in the address. */
async function expectBackWithoutBitParameters(page: Page): Promise<void> {
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/pay' &&
      url.searchParams.get('machine_id') === '1001' &&
      !['bit_return', 'bit_status', 'transaction_id', 'message'].some((name) => url.searchParams.has(name)),
  );
}

forEachLanguage('Bit (1001)', (lang, t) => {
  test('Approve on Bit: back on /pay with the success page and a clean address, one charge; a reload shows the products', async ({
    page,
    request,
  }) => {
    const sessionId = await goToBit(page, lang, t);
    const bitPosts = recordRequests(page, 'POST', BIT_PAGE);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();

    await expect(successHeading(page, t)).toBeVisible();
    await expectBackWithoutBitParameters(page);
    const [charge] = await expectCharges(request, sessionId, [
      { method: 'bit', status: 'approved', amount: linePrice(cola) },
    ]);
    await expect(successPage(page, t)).toContainText(fill(t.success.transaction, { id: charge?.id ?? '?' }));
    await expect(successPage(page, t)).toContainText(receiptOfProduct(t, cola));
    expect(bitPosts).toHaveLength(1);

    await page.reload();
    await expect(productChoices(page, t)).toBeVisible();
    await expect(productInput(page, t, cola.name)).toBeChecked();
    await expect(drawer(page, t)).toHaveCount(0);
    await expect(successHeading(page, t)).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(bitPosts).toHaveLength(1);
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: linePrice(cola) }]);
  });

  test('Decline on Bit: back on /pay with the failure page and the reason; one declined charge', async ({
    page,
    request,
  }) => {
    const sessionId = await goToBit(page, lang, t);
    await page.getByRole('button', { name: 'Decline', exact: true }).click();

    await expect(failureHeading(page, t)).toBeVisible();
    await expectBackWithoutBitParameters(page);
    const [charge] = await expectCharges(request, sessionId, [
      { method: 'bit', status: 'declined', amount: linePrice(cola) },
    ]);
    await expect(failurePage(page, t)).toContainText(t.failure.comment);
    await expect(failurePage(page, t)).toContainText(CARD_DECLINED);
    await expect(failurePage(page, t)).toContainText(fill(t.failure.transaction, { id: charge?.id ?? '?' }));
  });

  test('a Bit return address that this browser did not start (left Bit with Back, then a made-up "approved") shows no success', async ({
    page,
  }) => {
    await goToBit(page, lang, t);
    await page.goBack();
    await expect(productChoices(page, t)).toBeVisible();
    await page.goto('/pay?machine_id=1001&bit_status=approved&transaction_id=FORGED');
    await expect(productChoices(page, t)).toBeVisible();
    await expect(successHeading(page, t)).toHaveCount(0);
    await expect(page.getByText('FORGED')).toHaveCount(0);
  });
});
