/**
 * From payment to product in hand (docs/payments.md), in the browser against the real sandbox: the machine
 * answers before any money moves, and the success page follows what it delivers. Each test sets what its
 * purchase's machine does with the `x-sandbox-machine-fault` header on its own set_purchase call only
 * (sandbox/standins/machine-controller.ts), so tests side by side never share a machine's behaviour.
 * The card fields (Tranzila) hold the funds; Google Pay is a sale, refunded when nothing came out.
 * In English: the same journeys in Hebrew are the accessibility suite's (tests/e2e/axe.spec.ts), which waits for each
 * screen by its Hebrew words.
 */
import type { Page } from '@playwright/test';
import {
  card,
  chargesFor,
  continueToPayment,
  deliveryStatus,
  drawer,
  drawerButton,
  expect,
  expectCharges,
  fill,
  fillHostedFields,
  isolated,
  inEnglish,
  setPurchaseUrl,
  linePrice,
  machineWill,
  methodList,
  openMachine,
  payAmountButton,
  product,
  sheetButton,
  startCardForm,
  startMethod,
  startWallet,
  successHeading,
  test,
  type Texts,
  walletButton,
  walletSheet,
  withAmount,
} from './fixtures';

const cola = product(1001, 101);
const token = product(1005, 501);
/** The operator's bound on the machine's answer (sandbox/operator/delivery.ts), with the page's margin. */
const MACHINE_ANSWER_WAIT_MS = 8_000 + 7_000;

async function payWithGooglePay(page: Page, t: Texts) {
  await walletButton(page, t, 'google_pay').click();
  await sheetButton(page, 'Google Pay', 'Approve').click();
  await expect(walletSheet(page, 'Google Pay')).toHaveCount(0);
  await expect(successHeading(page, t)).toBeVisible();
}

inEnglish('from payment to product in hand', (lang, t) => {
  const delivery = (page: Page) => deliveryStatus(page, t);

  test('a machine that does not answer: its own screen, not charged, and Try again books once it answers', async ({
    page,
  }) => {
    await machineWill(page, 'offline');
    await openMachine(page, lang, 1001);
    await page.getByRole('button', { name: t.purchase.continue, exact: true }).click();
    const screen = drawer(page, t).getByTestId('machine-not-responding');
    await expect(screen.getByRole('heading', { name: t.machineNotResponding.title })).toBeVisible({
      timeout: MACHINE_ANSWER_WAIT_MS,
    });
    await expect(screen).toContainText(t.failure.notCharged);
    await expect(screen.getByRole('link', { name: new RegExp(t.failure.support) })).toBeVisible();
    // The machine is back: Try again books the same choice, and the methods open.
    await page.unroute(setPurchaseUrl);
    await drawerButton(page, t, t.failure.retry).click();
    await expect(methodList(page, t)).toBeVisible();
  });

  test('Google Pay, the machine vends: dispensing, then "Take your Cola"; the sale is kept whole', async ({
    page,
    request,
  }) => {
    const sessionId = await startWallet(page, lang, 'google_pay');
    await payWithGooglePay(page, t);
    await expect(delivery(page)).toContainText(fill(t.delivery.vending, { items: isolated(cola.name) }));
    await expect(delivery(page)).toContainText(fill(t.delivery.deliveredVend, { items: isolated(cola.name) }));
    const [charge] = await expectCharges(request, sessionId, [
      { method: 'google_pay', status: 'approved', amount: linePrice(cola) },
    ]);
    expect(charge?.refunds).toEqual([]);
  });

  test('card fields (a hold), the vend fails: the whole hold released, nothing taken', async ({ page, request }) => {
    await machineWill(page, 'vend-fails');
    const sessionId = await startCardForm(page, lang, 1001, 'credit_card', linePrice(cola));
    await fillHostedFields(page, card());
    await payAmountButton(page, t, linePrice(cola)).click();
    await expect(successHeading(page, t)).toBeVisible();
    await expect(delivery(page)).toContainText(fill(t.delivery.failedVend, { items: isolated(cola.name) }));
    await expect(delivery(page)).toContainText(withAmount(t.delivery.released, linePrice(cola), lang));
    const [charge] = await chargesFor(request, sessionId);
    expect(charge).toMatchObject({ capture_method: 'manual', status: 'approved', refunds: [] });
    expect(charge?.released_at).toEqual(expect.any(String));
    expect(charge?.captured_amount).toBeUndefined();
  });

  test('Google Pay (a sale), the vend fails: refunded, on its way with its reference, then refunded', async ({
    page,
    request,
  }) => {
    await machineWill(page, 'vend-fails');
    const sessionId = await startWallet(page, lang, 'google_pay');
    await payWithGooglePay(page, t);
    const [charge] = await expectCharges(request, sessionId, [
      { method: 'google_pay', status: 'approved', amount: linePrice(cola) },
    ]);
    const refundId = `RF-${charge?.id ?? ''}-1`;
    const days = { days: '7' };
    await expect(delivery(page)).toContainText(withAmount(fill(t.delivery.refundPending, days), linePrice(cola), lang));
    await expect(delivery(page)).toContainText(
      fill(t.delivery.refundReference.replace(/<\/?id>/g, ''), { id: refundId }),
    );
    // The provider settles it (the sandbox within seconds): refunded, the same reference.
    await expect(delivery(page)).toContainText(withAmount(fill(t.delivery.refunded, days), linePrice(cola), lang));
    await expect(delivery(page)).toContainText(refundId);
  });

  test('two tokens held, one comes out: that one captured, the other’s share released', async ({ page, request }) => {
    await machineWill(page, 'vend-partial');
    await openMachine(page, lang, 1005);
    await page.getByRole('button', { name: t.products.increase, exact: true }).click();
    const sessionId = await continueToPayment(page, t);
    await startMethod(page, t, 'credit_card');
    const total = 2 * linePrice(token);
    await expect(payAmountButton(page, t, total)).toHaveAttribute('aria-busy', 'false');
    await fillHostedFields(page, card());
    await payAmountButton(page, t, total).click();
    await expect(successHeading(page, t)).toBeVisible();
    await expect(delivery(page)).toContainText(
      fill(t.delivery.partial, { delivered: isolated(token.name), missing: isolated(token.name) }),
    );
    await expect(delivery(page)).toContainText(withAmount(t.delivery.released, linePrice(token), lang));
    await expect.poll(async () => (await chargesFor(request, sessionId))[0]?.captured_amount).toBe(linePrice(token));
  });

  test('a reload while the machine delivers shows the same truth from the operator', async ({ page }) => {
    await startWallet(page, lang, 'google_pay');
    await payWithGooglePay(page, t);
    await expect(delivery(page)).toContainText(fill(t.delivery.vending, { items: isolated(cola.name) }));
    await page.reload();
    await expect(successHeading(page, t)).toBeVisible();
    await expect(delivery(page)).toContainText(fill(t.delivery.deliveredVend, { items: isolated(cola.name) }));
  });
});
