/**
 * Card scan (machine 1001): the "Scan your card" popup, then the scanner's page in a frame, which
 * charges the card it reads and reports back; Cancel returns to the payment methods.
 */
import type { Page } from '@playwright/test';
import {
  CARD_DECLINED,
  drawer,
  expect,
  expectCharges,
  expectFailurePage,
  failureHeading,
  fill,
  forEachLanguage,
  inEnglish,
  type Lang,
  linePrice,
  methodList,
  methodRadio,
  product,
  receiptOfProduct,
  scannerButton,
  startPayment,
  successHeading,
  successPage,
  tapScanner,
  test,
  type Texts,
  failurePage,
} from './fixtures';

const cola = product(1001, 101);

/** Opens 1001 (Cola preselected) and the card scan, through its popup; the session_id. */
async function startScan(page: Page, lang: Lang, t: Texts): Promise<string> {
  const sessionId = await startPayment(page, lang, 1001, 'card_scan');
  await expect(drawer(page, t).getByRole('heading', { name: t.payment.cardScan.title })).toBeVisible();
  await expect(scannerButton(page, t, 'approved')).toBeEnabled();
  return sessionId;
}

inEnglish('card scan (1001)', (lang, t) => {
  test('a declined card: the failure page with the reason; one declined charge', async ({ page, request }) => {
    const sessionId = await startScan(page, lang, t);
    await tapScanner(page, t, 'declined');

    // The operator's verdict (not charged); the scanner's English sentence is not quoted.
    await expectFailurePage(page, t, t.failure.comment, t.payment.errors.notCharged);
    await expect(failurePage(page, t).getByText(CARD_DECLINED, { exact: true })).toHaveCount(0);
    await expectCharges(request, sessionId, [{ method: 'card_scan', status: 'declined', amount: linePrice(cola) }]);
  });

  test('Cancel in the scanner: back to the payment methods, nothing charged', async ({ page, request }) => {
    const sessionId = await startScan(page, lang, t);
    await tapScanner(page, t, 'cancel');

    await expect(methodList(page, t)).toBeVisible();
    await expect(methodRadio(page, t, 'card_scan')).toBeVisible();
    await expect(drawer(page, t).locator(`iframe[title="${t.payment.cardScan.frameTitle}"]`)).toHaveCount(0);
    await expect(failureHeading(page, t)).toHaveCount(0);
    await expectCharges(request, sessionId, []);
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('card scan (1001)', (lang, t) => {
  test('a scanned card is charged: the success page; one card_scan charge', async ({ page, request }) => {
    const sessionId = await startScan(page, lang, t);
    await tapScanner(page, t, 'approved');

    await expect(successHeading(page, t)).toBeVisible();
    const [charge] = await expectCharges(request, sessionId, [
      { method: 'card_scan', status: 'approved', amount: linePrice(cola) },
    ]);
    await expect(successPage(page, t)).toContainText(fill(t.success.transaction, { id: charge?.id ?? '?' }));
    await expect(successPage(page, t)).toContainText(receiptOfProduct(t, cola, 'card_scan'));
  });
});
