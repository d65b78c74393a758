/**
 * Bit (machine 1001) through a processor: the "Pay with Bit" popup, the operator's init
 * (POST /v4/api/payment/pre/bit/init), then the browser leaves for the processor's Bit page (the
 * providers' origin), the visitor decides there and is sent back to /pay with the token of its
 * redirect and NO verdict: the purchase asks the operator (GET /v4/api/payment/bit/status) and shows
 * what the operator says. The address then loses Bit's token, so a reload starts afresh.
 */
import type { Page } from '@playwright/test';
import { PURCHASE_STORAGE_KEYS } from '../../src/lib/purchase-storage';
import {
  BIT_PAGE,
  chargesFor,
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
const BIT_INIT = '/v4/api/payment/pre/bit/init';
const BIT_STATUS = '/v4/api/payment/bit/status';
/** What the sandbox's Bit processor tells the operator when the payer declines (sandbox/standins/bit.ts). */
const DECLINED_IN_BIT = 'The payment was declined in Bit.';

/**
 * The operator's answer to this page's Bit init: the transaction the success page must name. Read as it
 * passes (the page navigates away to Bit right after it, and its body cannot be read afterwards).
 */
async function bitInitAnswer(page: Page): Promise<() => { transaction_id: string; payment_url: string }> {
  let data: { transaction_id: string; payment_url: string } | undefined;
  await page.route(`**${BIT_INIT}**`, async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as { status: number; data: typeof data };
    if (answer.status === 0) data = answer.data;
    await route.fulfill({ response });
  });
  return () => {
    if (!data) throw new Error(`no accepted ${BIT_INIT} answer`);
    return data;
  };
}

/** Opens 1001 (Cola preselected), chooses Bit and lands on Bit's page; the session_id. */
async function goToBit(page: Page, lang: Lang, t: Texts): Promise<string> {
  const sessionId = await openPayment(page, lang, 1001);
  await startMethod(page, t, 'bit');
  await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
  await expect(page.getByText(`Pay ${money(linePrice(cola))} to`)).toBeVisible();
  return sessionId;
}

/** Back on this machine's /pay, without Bit's token (or any verdict) in the address. */
async function expectBackWithoutBitParameters(page: Page): Promise<void> {
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/pay' &&
      url.searchParams.get('machine_id') === '1001' &&
      !['bit_return', 'bit_status', 'transaction_id', 'message'].some((name) => url.searchParams.has(name)),
  );
}

/** "Checking your Bit payment…": the purchase asking the operator for the verdict. */
function checkingStatus(page: Page, t: Texts) {
  const name = t.payment.bit.checking;
  // A missing text would name no status at all, and any status would match.
  expect(name, 'locales: payment.bit.checking').toBeTruthy();
  return drawer(page, t).getByRole('status', { name, exact: true });
}

/** The transaction ids the app asked the operator about. */
const askedAbout = (requests: { url: () => string }[]) =>
  requests.map((request) => new URL(request.url()).searchParams.get('transaction_id'));

forEachLanguage('Bit (1001)', (lang, t) => {
  test('Approve on Bit: back on /pay, the operator says approved: the success page with init’s transaction, one charge; a reload shows the products', async ({
    page,
    request,
  }) => {
    const init = await bitInitAnswer(page);
    const sessionId = await goToBit(page, lang, t);
    const { transaction_id: transactionId } = init();
    expect(transactionId).toMatch(/^BIT-/);
    const bitPosts = recordRequests(page, 'POST', BIT_PAGE);
    const statusCalls = recordRequests(page, 'GET', BIT_STATUS);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();

    await expect(successHeading(page, t)).toBeVisible();
    await expectBackWithoutBitParameters(page);
    expect(askedAbout(statusCalls)).toContain(transactionId);
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: linePrice(cola) }]);
    await expect(successPage(page, t)).toContainText(fill(t.success.transaction, { id: transactionId }));
    await expect(successPage(page, t)).toContainText(receiptOfProduct(t, cola, 'bit'));
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

  test('Decline on Bit: back on /pay, the operator says declined: the failure page with its reason; one declined charge', async ({
    page,
    request,
  }) => {
    const init = await bitInitAnswer(page);
    const sessionId = await goToBit(page, lang, t);
    const { transaction_id: transactionId } = init();
    await page.getByRole('button', { name: 'Decline', exact: true }).click();

    await expect(failureHeading(page, t)).toBeVisible();
    await expectBackWithoutBitParameters(page);
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'declined', amount: linePrice(cola) }]);
    await expect(failurePage(page, t)).toContainText(t.failure.comment);
    await expect(failurePage(page, t)).toContainText(DECLINED_IN_BIT);
    await expect(failurePage(page, t)).toContainText(fill(t.failure.transaction, { id: transactionId }));
  });

  test('the return address opened again after the success page (its token is spent) shows no second success and charges nothing', async ({
    page,
    request,
  }) => {
    const sessionId = await goToBit(page, lang, t);
    const returned = page.waitForRequest((sent) => new URL(sent.url()).searchParams.has('bit_return'));
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const returnAddress = (await returned).url();
    await expect(successHeading(page, t)).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: linePrice(cola) }]);

    const statusCalls = recordRequests(page, 'GET', BIT_STATUS);
    await page.goto(returnAddress);
    await expect(productChoices(page, t)).toBeVisible();
    await expect(drawer(page, t)).toHaveCount(0);
    await expect(successHeading(page, t)).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(statusCalls).toHaveLength(0);
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: linePrice(cola) }]);
  });

  test('a FORGED return (this browser’s own token, with a made-up "approved" and transaction id, nothing decided on Bit) is checked with the operator and shows no success', async ({
    page,
    request,
    baseURL,
  }) => {
    const init = await bitInitAnswer(page);
    const sessionId = await goToBit(page, lang, t);
    // The app's local storage (Bit's page is on another origin): the token its redirect will be believed with.
    const { origins } = await page.context().storageState();
    const appStorage = origins.find(({ origin }) => origin === new URL(baseURL ?? '').origin)?.localStorage ?? [];
    const token = appStorage.find(({ name }) => name === PURCHASE_STORAGE_KEYS.returnToken)?.value;
    expect(token, `${PURCHASE_STORAGE_KEYS.returnToken} in the app's local storage`).toBeTruthy();

    const statusCalls = recordRequests(page, 'GET', BIT_STATUS);
    const forged = new URLSearchParams({
      machine_id: '1001',
      bit_return: token ?? '',
      bit_status: 'approved',
      transaction_id: 'FORGED',
    });
    await page.goto(`/pay?${forged.toString()}`);
    // Checked with the operator, which has no verdict: it keeps checking, and never shows a success.
    await expect(checkingStatus(page, t)).toBeVisible();
    await expect.poll(() => statusCalls.length, { message: 'status calls' }).toBeGreaterThanOrEqual(2);
    const { transaction_id: transactionId } = init();
    expect(new Set(askedAbout(statusCalls))).toEqual(new Set([transactionId]));
    await expect(checkingStatus(page, t)).toBeVisible();
    await expect(successHeading(page, t)).toHaveCount(0);
    await expect(page.getByText('FORGED')).toHaveCount(0);
    await expectBackWithoutBitParameters(page);
    expect(await chargesFor(request, sessionId)).toEqual([]);
  });
});
