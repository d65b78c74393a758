/**
 * Bit (machine 1001) through a processor: the "Pay with Bit" popup, the operator's init
 * (POST /v4/api/payment/pre/bit/init), then the browser leaves for the processor's Bit page (the
 * providers' origin), the visitor decides there and is sent back to the very page they paid from, with
 * nothing added. The processor notifies the operator server-to-server; the page finds the payment this
 * browser has underway (local storage) and asks the operator (GET /v4/api/payment/status under the
 * purchase's session uuid) what became of it, and shows what the operator says.
 */
import type { Page, Request } from '@playwright/test';
import { PURCHASE_STORAGE_KEYS } from '../../src/lib/purchase-storage';
import {
  BIT_PAGE,
  bitReturnAddress,
  chargesFor,
  closeDrawer,
  drawer,
  drawerButton,
  expect,
  expectChargedOnce,
  expectCharges,
  expectFailurePage,
  fill,
  forEachLanguage,
  inEnglish,
  type Lang,
  linePrice,
  money,
  PAYMENT_STATUS,
  product,
  productChoices,
  productInput,
  receiptOfProduct,
  recordedPayments,
  recordRequests,
  startPayment,
  storedItem,
  successHeading,
  successPage,
  test,
  type Texts,
} from './fixtures';
import { payPath, qrCode } from '../fixtures/machine-pages';

const cola = product(1001, 101);
const BIT_INIT = '/v4/api/payment/pre/bit/init';

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
async function goToBit(page: Page, lang: Lang): Promise<string> {
  const sessionId = await startPayment(page, lang, 1001, 'bit');
  await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
  await expect(page.getByText(`Pay ${money(linePrice(cola))} to`)).toBeVisible();
  return sessionId;
}

/** goToBit, reading the transaction the operator's init answered on the way. */
async function goToBitWithTransaction(page: Page, lang: Lang): Promise<{ sessionId: string; transactionId: string }> {
  const init = await bitInitAnswer(page);
  const sessionId = await goToBit(page, lang);
  return { sessionId, transactionId: init().transaction_id };
}

/** Back on this machine's /pay, with no Bit parameter (or any verdict) in the address. */
async function expectBackWithoutBitParameters(page: Page): Promise<void> {
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/pay' &&
      url.searchParams.get('machine_id') === '1001' &&
      !['bit_return', 'bit_status', 'transaction_id', 'message'].some((name) => url.searchParams.has(name)),
  );
}

/** The "Confirming your payment" step: the heading, and its status line (`text`) in the drawer. */
function statusStep(page: Page, t: Texts, text: string) {
  // A missing text would match any status line.
  expect(text, 'locales: payment.status.*').toBeTruthy();
  return drawer(page, t).getByRole('status').filter({ hasText: text });
}

/**
 * Every status call asked about this purchase and nothing else: each as the operator sees it, the purchase
 * (session uuid) and the machine it asks about.
 */
async function expectAskedOnlyAbout(statusCalls: readonly Request[], sessionId: string): Promise<void> {
  const askedAbout = await Promise.all(
    statusCalls.map(async (request) => ({
      session: await request.headerValue('session-uuid'),
      machine: new URL(request.url()).searchParams.get('machine_id'),
    })),
  );
  expect(new Set(askedAbout.map((asked) => JSON.stringify(asked)))).toEqual(
    new Set([JSON.stringify({ session: sessionId, machine: '1001' })]),
  );
}

/** The products again, no drawer and no success page; once the page is idle, still `callsBefore` status calls. */
async function expectProductsAskingNothing(
  page: Page,
  t: Texts,
  statusCalls: readonly Request[],
  callsBefore: number,
): Promise<void> {
  await expect(productChoices(page, t)).toBeVisible();
  await expect(drawer(page, t)).toHaveCount(0);
  await expect(successHeading(page, t)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(statusCalls).toHaveLength(callsBefore);
}

inEnglish('Bit (1001)', (lang, t) => {
  test('Decline on Bit: back on /pay, the operator says not charged: the failure page says so, with the Bit transaction; one declined charge', async ({
    page,
    request,
  }) => {
    const { sessionId, transactionId } = await goToBitWithTransaction(page, lang);
    const statusCalls = recordRequests(page, 'GET', PAYMENT_STATUS);
    await page.getByRole('button', { name: 'Decline', exact: true }).click();

    const transaction = fill(t.failure.transaction, { id: transactionId });
    await expectFailurePage(page, t, t.failure.comment, t.payment.errors.notCharged, transaction);
    await expectBackWithoutBitParameters(page);
    expect(statusCalls.length).toBeGreaterThanOrEqual(1);
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'declined', amount: linePrice(cola) }]);
    expect(await recordedPayments(request, sessionId)).toEqual([
      { method: 'bit', transaction_id: transactionId, status: 'declined', source: 'notification' },
    ]);
    await expect(successHeading(page, t)).toHaveCount(0);
    expect(await storedItem(page, PURCHASE_STORAGE_KEYS.underwaySession)).toBeNull();
  });

  test('the return address opened again after the success page was closed (nothing is underway any more) asks the operator nothing, shows no second success and charges nothing', async ({
    page,
    request,
  }) => {
    const sessionId = await goToBit(page, lang);
    const returnAddress = await bitReturnAddress(page, () =>
      page.getByRole('button', { name: 'Approve', exact: true }).click(),
    );
    await expect(successHeading(page, t)).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: linePrice(cola) }]);
    // Closing the success page ends the payment (requirements.md §4): nothing is underway any more.
    await closeDrawer(page, t);

    const statusCalls = recordRequests(page, 'GET', PAYMENT_STATUS);
    await page.goto(returnAddress.href);
    await expectProductsAskingNothing(page, t, statusCalls, 0);
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: linePrice(cola) }]);
  });

  test('a FORGED return (a made-up "approved" and transaction id in the address, nothing decided on Bit) is asked about under the purchase’s session: the operator says pending, so the page says the payment is being confirmed, never a success', async ({
    page,
    request,
  }) => {
    const sessionId = await goToBit(page, lang);
    const statusCalls = recordRequests(page, 'GET', PAYMENT_STATUS);
    const forged = new URLSearchParams({
      machine_id: '1001',
      qr: qrCode(1001),
      bit_return: 'forged',
      bit_status: 'approved',
      transaction_id: 'FORGED',
    });
    await page.goto(`/pay?${forged.toString()}`);
    // The operator has no verdict (the payer has not decided on Bit): it keeps asking, and never shows a success.
    await expect(statusStep(page, t, t.payment.status.pending)).toBeVisible();
    await expect(drawer(page, t).getByRole('heading', { name: t.payment.status.title, exact: true })).toBeVisible();
    await expect.poll(() => statusCalls.length, { message: 'status calls' }).toBeGreaterThanOrEqual(2);
    await expectAskedOnlyAbout(statusCalls, sessionId);
    await expect(statusStep(page, t, t.payment.status.pending)).toBeVisible();
    await expect(drawerButton(page, t, t.payment.status.checkAgain)).toHaveCount(0);
    await expect(successHeading(page, t)).toHaveCount(0);
    await expect(page.getByText('FORGED')).toHaveCount(0);
    await expectBackWithoutBitParameters(page);
    expect(await chargesFor(request, sessionId)).toEqual([]);
  });

  test('a return in a FRESH TAB of the same browser is asked about: while the payer has not decided it is being confirmed; once they approve on Bit in the first tab, both tabs show the one paid purchase', async ({
    page,
    request,
  }) => {
    const { sessionId, transactionId } = await goToBitWithTransaction(page, lang);
    const fresh = await page.context().newPage();
    const freshCalls = recordRequests(fresh, 'GET', PAYMENT_STATUS);
    await fresh.goto(payPath(1001));
    await expect(statusStep(fresh, t, t.payment.status.pending)).toBeVisible();
    await expectAskedOnlyAbout(freshCalls, sessionId);
    await expect(successHeading(fresh, t)).toHaveCount(0);

    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(successHeading(page, t)).toBeVisible();
    // The fresh tab asks again while the operator says pending, and gets the verdict the processor notified.
    await expect(successHeading(fresh, t)).toBeVisible();
    await expect(successPage(fresh, t)).toContainText(fill(t.success.transaction, { id: transactionId }));
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: linePrice(cola) }]);
    await fresh.close();
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('Bit (1001)', (lang, t) => {
  test('Approve on Bit: back on /pay (nothing added to the address), the operator is asked under the purchase’s session and says paid: the success page with init’s transaction, one charge, the outcome notified; a reload shows it again until it is closed, then the products and nothing asked', async ({
    page,
    request,
  }) => {
    const { sessionId, transactionId } = await goToBitWithTransaction(page, lang);
    expect(transactionId).toMatch(/^BIT-/);
    // Underway while the visitor is on Bit's page: the app remembered it before leaving.
    const bitPosts = recordRequests(page, 'POST', BIT_PAGE);
    const statusCalls = recordRequests(page, 'GET', PAYMENT_STATUS);
    const back = await bitReturnAddress(page, () => page.getByRole('button', { name: 'Approve', exact: true }).click());
    expect(back.pathname).toBe('/pay');
    // Only Bit's values leave: the machine and its sticker's code stay.
    expect([...back.searchParams.keys()]).toEqual(['machine_id', 'qr']);

    await expect(successHeading(page, t)).toBeVisible();
    await expectBackWithoutBitParameters(page);
    expect(statusCalls.length).toBeGreaterThanOrEqual(1);
    await expectAskedOnlyAbout(statusCalls, sessionId);
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: linePrice(cola) }]);
    expect(await recordedPayments(request, sessionId)).toEqual([
      { method: 'bit', transaction_id: transactionId, status: 'approved', source: 'notification' },
    ]);
    await expect(successPage(page, t)).toContainText(fill(t.success.transaction, { id: transactionId }));
    await expect(successPage(page, t)).toContainText(receiptOfProduct(t, cola, 'bit'));
    expect(bitPosts).toHaveLength(1);

    // Until the visitor closes it (requirements.md §4), a reload asks again and shows the same success.
    const asksBeforeReload = statusCalls.length;
    await page.reload();
    await expect(successPage(page, t)).toContainText(fill(t.success.transaction, { id: transactionId }));
    expect(statusCalls.length).toBeGreaterThan(asksBeforeReload);
    await closeDrawer(page, t);
    // Closed: nothing is underway any more.
    expect(await storedItem(page, PURCHASE_STORAGE_KEYS.underwaySession)).toBeNull();
    expect(await storedItem(page, PURCHASE_STORAGE_KEYS.payStatus)).toBeNull();

    const callsBefore = statusCalls.length;
    await page.reload();
    await expectProductsAskingNothing(page, t, statusCalls, callsBefore);
    await expect(productInput(page, t, cola.name)).toBeChecked();
    await expectChargedOnce(request, sessionId, bitPosts, 'bit', linePrice(cola));
  });
});
