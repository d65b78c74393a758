/**
 * design.md §10, the operator decides the money: a visitor who edits a request on its way (as the browser's
 * devtools allow) is refused, in plain words, and nothing is charged. The vacuum's span is in
 * vacuum.spec.ts, beside its own helpers.
 */
import {
  continueButton,
  editRequests,
  expect,
  expectCharges,
  failureHeading,
  inEnglish,
  isBooking,
  isSetPurchase,
  linkPath,
  methodList,
  openMachine,
  openPayment,
  SET_PURCHASE_PATH,
  sheetButton,
  startMethod,
  test,
  WALLET_PAY,
  walletButton,
} from './fixtures';

inEnglish('An edited request', (lang, t) => {
  test('a price added to a product line (custom_price on a LIST machine): set_purchase refuses it, nothing is booked', async ({
    page,
  }) => {
    const sent = await editRequests(page, SET_PURCHASE_PATH, (lines) =>
      (lines as Record<string, unknown>[]).map((line) => ({ ...line, custom_price: 0.01 })),
    );
    await openMachine(page, lang, 1001);
    const answered = page.waitForResponse((response) => isSetPurchase(response.request()));
    await continueButton(page, t).click();

    expect((await answered).status()).toBe(400);
    expect(sent).toEqual([[{ product_id: 101, count: 1, custom_price: 0.01 }]]);
    await expect(page.getByRole('alert')).toContainText(t.purchase.error);
    await expect(methodList(page, t)).toHaveCount(0);
  });

  test("a payment link's amount edited in its address: the operator refuses the link, nothing is booked", async ({
    page,
  }) => {
    const edited = linkPath().replace('totalPrice=7.50', 'totalPrice=0.50');
    expect(edited).toContain('totalPrice=0.50');
    await page.goto(edited);
    await expect(page.getByRole('heading', { level: 1, name: 'Wheelchair rental' })).toBeVisible();
    const answered = page.waitForResponse((response) => isBooking(response.request()));
    await continueButton(page, t).click();

    expect((await answered).status()).toBe(403);
    await expect(page.getByRole('alert')).toContainText(t.purchase.error);
    await expect(methodList(page, t)).toHaveCount(0);
  });

  test('a lower amount in the Google Pay pay call: refused, the failure page, and no charge', async ({
    page,
    request,
  }) => {
    const sessionId = await openPayment(page, lang, 1001);
    const sent = await editRequests(page, WALLET_PAY, (body) => ({ ...(body as object), amount: '0.01' }));
    await startMethod(page, t, 'google_pay');
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === WALLET_PAY);
    await walletButton(page, t, 'google_pay').click();
    await sheetButton(page, 'Google Pay', 'Approve').click();

    expect((await answered).status()).toBe(400);
    expect(sent).toMatchObject([{ amount: '0.01' }]);
    await expect(failureHeading(page, t)).toBeVisible();
    await expectCharges(request, sessionId, []);
  });
});
