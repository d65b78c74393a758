/**
 * requirements.md §2 success and failure pages beyond the payment itself: the support buttons (tel: links),
 * "Try again" and "Make more purchases", and "See latest purchase" from the visitor's history
 * (requirements.md §3 `pay_history`, kept per machine; requirements.md §4: closing after success stores the purchase).
 * Payments go through the card scan: the quickest path through the sandbox.
 */
import type { Page } from '@playwright/test';
import {
  continueButton,
  continueToPayment,
  drawer,
  drawerButton,
  expect,
  expectCharges,
  failureHeading,
  failurePage,
  inEnglish,
  linePrice,
  machineTel,
  openMachine,
  openPayment,
  product,
  productChoices,
  productInput,
  receiptOfProduct,
  startMethod,
  storedItem,
  successHeading,
  successPage,
  tapScanner,
  test,
  TEXTS,
  type Texts,
} from './fixtures';

const cola = product(1001, 101);
const water = product(1001, 102);
const chips = product(1002, 203);

/** Pays the purchase in the drawer with a scanned card: approved, or declined. */
async function payByScan(page: Page, t: Texts, outcome: 'approved' | 'declined' = 'approved'): Promise<void> {
  await startMethod(page, t, 'card_scan');
  await tapScanner(page, t, outcome);
  await expect(outcome === 'approved' ? successHeading(page, t) : failureHeading(page, t)).toBeVisible();
}

/** The success page's "See latest purchase" toggle and what it shows. */
const seeLatest = (page: Page, t: Texts) => drawerButton(page, t, t.success.seeLatest);
const latestPurchase = (page: Page, t: Texts) =>
  successPage(page, t)
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: t.success.latestTitle, exact: true }) });

async function showLatest(page: Page, t: Texts) {
  await seeLatest(page, t).click();
  await expect(drawerButton(page, t, t.success.hideLatest)).toHaveAttribute('aria-expanded', 'true');
  await expect(latestPurchase(page, t)).toBeVisible();
  return latestPurchase(page, t);
}

/** The purchases local storage keeps for a machine, newest first. */
async function history(page: Page, machineId: string): Promise<{ items: { name: string }[] }[]> {
  const stored = await storedItem(page, 'pay_history');
  return ((stored ? JSON.parse(stored) : {}) as Record<string, { items: { name: string }[] }[]>)[machineId] ?? [];
}

inEnglish('outcome pages', (lang, t) => {
  test('failure: support calls the machine\'s technician; "Try again" returns to the products with the selection kept', async ({
    page,
    request,
  }) => {
    const sessionId = await openPayment(page, lang, 1001, [water.name]);
    await payByScan(page, t, 'declined');

    const support = failurePage(page, t).getByRole('link', { name: t.failure.support });
    await expect(support).toHaveAttribute('href', machineTel(1001));
    await expect(failurePage(page, t)).toContainText(t.failure.callSupport);
    await drawerButton(page, t, t.failure.retry).click();

    await expect(drawer(page, t)).toHaveCount(0);
    await expect(productChoices(page, t)).toBeVisible();
    await expect(productInput(page, t, water.name)).toBeChecked();
    await expect(productInput(page, t, cola.name)).not.toBeChecked();
    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'false');
    await expectCharges(request, sessionId, [{ method: 'card_scan', status: 'declined', amount: linePrice(water) }]);

    // Paying again is a new purchase of the same selection.
    const retried = await continueToPayment(page, t);
    expect(retried).not.toBe(sessionId);
    await payByScan(page, t);
    await expect(successPage(page, t)).toContainText(receiptOfProduct(t, water, 'card_scan'));
  });

  test('success: support calls the technician; "Make more purchases" returns to the products and keeps the purchase in the machine\'s history', async ({
    page,
  }) => {
    await openPayment(page, lang, 1001);
    await payByScan(page, t);

    const support = successPage(page, t).getByRole('link', { name: t.success.support });
    await expect(support).toHaveAttribute('href', machineTel(1001));
    expect(await history(page, '1001')).toEqual([]);
    await drawerButton(page, t, t.success.morePurchases).click();

    await expect(drawer(page, t)).toHaveCount(0);
    await expect(productChoices(page, t)).toBeVisible();
    await expect(continueButton(page, t)).toBeVisible();
    const stored = await history(page, '1001');
    expect(stored.map((receipt) => receipt.items.map((item) => item.name))).toEqual([[cola.name]]);
  });

  test('"See latest purchase": none at first; after "Make more purchases" and paying again, the previous purchase', async ({
    page,
  }) => {
    await openPayment(page, lang, 1001);
    await payByScan(page, t);
    await expect(seeLatest(page, t)).toHaveAttribute('aria-expanded', 'false');
    await expect(await showLatest(page, t)).toContainText(t.success.noLatest);
    await drawerButton(page, t, t.success.morePurchases).click();

    await productInput(page, t, water.name).check();
    await continueToPayment(page, t);
    await payByScan(page, t);
    await expect(successPage(page, t)).toContainText(receiptOfProduct(t, water, 'card_scan'));
    const latest = await showLatest(page, t);
    await expect(latest).toContainText(receiptOfProduct(t, cola, 'card_scan'));
    await expect(latest).not.toContainText(t.success.noLatest);
    await expect(latest).not.toContainText(water.name);
  });
});

test.describe('latest purchase, per machine', () => {
  const t = TEXTS.en;

  test('coming back to the machine later, the latest purchase is the one made before', async ({ page }) => {
    await openPayment(page, 'en', 1001);
    await payByScan(page, t);
    await drawerButton(page, t, t.success.morePurchases).click();
    await expect(drawer(page, t)).toHaveCount(0);

    await page.reload();
    await expect(continueButton(page, t)).toBeVisible();
    await productInput(page, t, water.name).check();
    await continueToPayment(page, t);
    await payByScan(page, t);
    await expect(await showLatest(page, t)).toContainText(receiptOfProduct(t, cola, 'card_scan'));
  });

  test('another machine has no latest purchase', async ({ page }) => {
    await openPayment(page, 'en', 1001);
    await payByScan(page, t);
    await drawerButton(page, t, t.success.morePurchases).click();
    expect(await history(page, '1001')).toHaveLength(1);

    await openMachine(page, 'en', 1002);
    await productInput(page, t, chips.name, 'checkbox').check();
    await continueToPayment(page, t);
    await payByScan(page, t);
    await expect(await showLatest(page, t)).toContainText(t.success.noLatest);
  });
});
