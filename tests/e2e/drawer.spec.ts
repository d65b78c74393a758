/**
 * requirements.md §2 payment drawer and §4 SELECT_PRODUCT -> SELECT_PAYMENT_METHOD: Continue, the bottom sheet, closing
 * it.
 */
import type { Page } from '@playwright/test';
import {
  continueButton,
  drawer,
  expect,
  expectSheetSettled,
  forEachLanguage,
  inEnglish,
  linePrice,
  methodList,
  openMachine,
  product,
  productInput,
  SET_PURCHASE,
  settled,
  test,
  type Texts,
  totalLine,
} from './fixtures';

const productRadio = (page: Page, t: Texts, name: string) => productInput(page, t, name);

inEnglish('drawer', (lang, t) => {
  const cola = product(1001, 101);
  const water = product(1001, 102);

  test('Continue with nothing selected (GRID 1003) is dimmed and does nothing', async ({
    page,
    setPurchaseRequests,
  }) => {
    await openMachine(page, lang, 1003);
    const button = continueButton(page, t);
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await button.click({ force: true });
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(setPurchaseRequests).toHaveLength(0);
  });

  for (const how of ['the close button', 'Escape'] as const) {
    test(`${how} returns to product selection with the selection kept and focus on Continue`, async ({ page }) => {
      await openMachine(page, lang, 1001);
      await productRadio(page, t, water.name).check();
      await continueButton(page, t).click();
      const sheet = drawer(page, t);
      await expect(sheet.getByText(totalLine(t, linePrice(water)))).toBeVisible();

      if (how === 'Escape') await page.keyboard.press('Escape');
      else await sheet.getByRole('button', { name: t.drawer.close }).click();

      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(productRadio(page, t, water.name)).toBeChecked();
      await expect(productRadio(page, t, cola.name)).not.toBeChecked();
      await expect(continueButton(page, t)).toBeFocused();
      await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'false');

      // And it opens again with the same total.
      await continueButton(page, t).click();
      await expect(drawer(page, t).getByText(totalLine(t, linePrice(water)))).toBeVisible();
    });
  }

  test('a set_purchase failure shows the error and no drawer', async ({ page }) => {
    await page.route(SET_PURCHASE, (route) => route.fulfill({ status: 500, json: { message: 'sandbox says no' } }));
    await openMachine(page, lang, 1001);
    await continueButton(page, t).click();
    await expect(page.getByRole('alert')).toHaveText(t.purchase.error);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'false');
    await expect(productRadio(page, t, cola.name)).toBeChecked();

    // Once the server answers again, Continue works and the error goes away.
    await page.unroute(SET_PURCHASE);
    await continueButton(page, t).click();
    await expect(drawer(page, t)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('with reduced motion the drawer still opens, full height, and closes', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openMachine(page, lang, 1001);
    await continueButton(page, t).click();
    await expect(drawer(page, t)).toBeVisible();
    await expect(drawer(page, t).getByText(totalLine(t, 6.66))).toBeVisible();
    await expectSheetSettled(page, t);
    await drawer(page, t).getByRole('button', { name: t.drawer.close }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('drawer', (lang, t) => {
  const cola = product(1001, 101);

  test('Continue on LIST 1001 sends one set_purchase and opens the 90vh drawer with the total', async ({
    page,
    setPurchaseRequests,
  }) => {
    await openMachine(page, lang, 1001);
    await continueButton(page, t).click();

    const sheet = drawer(page, t);
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveAttribute('aria-modal', 'true');
    // 6.50 + 6.50 × 2.5 % (0.16) = 6.66
    expect(linePrice(cola)).toBe(6.66);
    await expect(sheet.getByText(totalLine(t, 6.66))).toBeVisible();
    await expect(methodList(page, t)).toBeVisible();
    await expectSheetSettled(page, t);

    expect(setPurchaseRequests).toHaveLength(1);
    expect(setPurchaseRequests[0]?.postDataJSON()).toEqual([{ product_id: cola.id, count: 1 }]);
    expect(new URL(setPurchaseRequests[0]?.url() ?? '').searchParams.get('machine_id')).toBe('1001');
  });
});
