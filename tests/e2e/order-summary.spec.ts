/**
 * design.md §5.4: who is paid, for what and how much stays on screen on every payment step (Stripe Checkout's
 * and GOV.UK Pay's rule), and a failure says first, in plain words, whether the visitor was charged.
 * The merchant's name is the one the machine's wallets show (sandbox/catalogue.json: "Sandbox Vending").
 */
import type { Locator, Page } from '@playwright/test';
import {
  drawer,
  expect,
  failureHeading,
  failurePage,
  forEachLanguage,
  langOf,
  linesSpannedBy,
  hostedField,
  linePrice,
  methodList,
  money,
  openPayment,
  product,
  sheetButton,
  startMethod,
  successHeading,
  successPage,
  test,
  type Texts,
  walletButton,
} from './fixtures';

const MERCHANT = 'Sandbox Vending';
const cola = product(1001, 101);

function orderSummary(page: Page, t: Texts): Locator {
  return drawer(page, t).getByRole('region', { name: t.summary.label });
}

async function expectSummary(page: Page, t: Texts): Promise<void> {
  const summary = orderSummary(page, t);
  await expect(summary).toBeVisible();
  await expect(summary).toContainText(`${MERCHANT} · ${cola.name}`);
  await expect(summary).toContainText(money(linePrice(cola), langOf(t)));
  await expect(summary).toContainText(t.summary.secure);
}

forEachLanguage('order summary', (lang, t) => {
  test('the method list names the merchant and the item, and says the amount once, on the total line', async ({
    page,
  }) => {
    await openPayment(page, lang, 1001);
    await expect(methodList(page, t)).toBeVisible();
    const summary = orderSummary(page, t);
    await expect(summary).toContainText(`${MERCHANT} · ${cola.name}`);
    await expect(summary).toContainText(t.summary.secure);
    const amount = money(linePrice(cola), langOf(t));
    await expect(summary).not.toContainText(amount);
    await expect(drawer(page, t).getByText(amount, { exact: true })).toHaveCount(1);
    await expect(drawer(page, t).getByText(t.methods.includingFees)).toBeVisible();
  });

  test('the Google Pay step names the merchant, the item and the total; a declined payment says first that nothing was charged', async ({
    page,
  }) => {
    await openPayment(page, lang, 1001);
    await startMethod(page, t, 'google_pay');
    await expect(walletButton(page, t, 'google_pay')).toBeVisible();
    await expectSummary(page, t);

    await walletButton(page, t, 'google_pay').click();
    await sheetButton(page, 'Google Pay', 'Decline').click();
    await expect(failureHeading(page, t)).toBeVisible();
    await expectSummary(page, t);
    const failure = failurePage(page, t);
    await expect(failure).toContainText(t.failure.notCharged);
    await expect(failure).not.toContainText(t.failure.chargeUnknown);
    // Then what went wrong, then what to do, before the spec's "Oops!" comment: top to bottom.
    const said = [t.failure.notCharged, t.failure.reasons.declined, t.failure.recommendation, t.failure.comment];
    const tops = await Promise.all(
      said.map(async (text) => (await failure.getByText(text, { exact: true }).boundingBox())?.y ?? Number.NaN),
    );
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
  });

  test('the success page leads with how much went to whom, under the summary', async ({ page }) => {
    await openPayment(page, lang, 1001);
    await startMethod(page, t, 'google_pay');
    await walletButton(page, t, 'google_pay').click();
    await sheetButton(page, 'Google Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    await expectSummary(page, t);
    // The Cola's ₪6.50 and its service fee (requirements.md §5), paid to the merchant the wallets name.
    const paid = money(6.66, lang);
    const paidTo = { en: `${paid} paid to ${MERCHANT}`, he: `שילמת ${paid} ל‑${MERCHANT}` }[lang];
    await expect(successPage(page, t).getByTestId('paid-to')).toHaveText(paidTo);
  });

  test('the card entry step shows the summary above the card fields, whole on a 320 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await openPayment(page, lang, 1001);
    await startMethod(page, t, 'credit_card');
    await expect(hostedField(page, 'number')).toBeVisible();
    await expectSummary(page, t);
    // The total is never cut: its box lies inside the summary's.
    const summary = await orderSummary(page, t).boundingBox();
    const total = await orderSummary(page, t)
      .getByText(money(linePrice(cola), langOf(t)))
      .boundingBox();
    expect(summary && total).toBeTruthy();
    if (summary && total) {
      expect(total.x).toBeGreaterThanOrEqual(summary.x - 0.5);
      expect(total.x + total.width).toBeLessThanOrEqual(summary.x + summary.width + 0.5);
    }
  });
});

// French: its label is the longest, which once broke the number at its hyphen on a 320 px phone.
for (const lang of ['en', 'he', 'fr'] as const) {
  test.describe(`a failure on a 320 × 568 phone [${lang}]`, () => {
    test.use({ lang });
    test('says whether money moved above the sheet’s buttons, with the transaction number whole on its line', async ({
      page,
      t,
    }) => {
      await page.setViewportSize({ width: 320, height: 568 });
      await openPayment(page, lang, 1001);
      await startMethod(page, t, 'google_pay');
      await walletButton(page, t, 'google_pay').click();
      await sheetButton(page, 'Google Pay', 'Decline').click();
      await expect(failureHeading(page, t)).toBeVisible();
      const failure = failurePage(page, t);
      const charged = failure.getByText(t.failure.notCharged);
      await expect(charged).toBeInViewport({ ratio: 1 });
      // The sheet's buttons stay at its foot over what scrolls: the sentence must end above the first of them.
      const said = await charged.boundingBox();
      const firstButton = await failure.getByRole('link').first().boundingBox();
      expect(said && firstButton).toBeTruthy();
      if (said && firstButton) expect(said.y + said.height).toBeLessThanOrEqual(firstButton.y);

      expect(await linesSpannedBy(failure, /SBX-\d+/)).toBe(1);
    });
  });
}
