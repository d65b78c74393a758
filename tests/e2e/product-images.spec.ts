/**
 * design.md §5.4: a product without a picture, or whose picture fails to load, shows a neutral drawing in the
 * picture's box (no grey hole, nothing fetched), and the product is still named by its name.
 */
import type { Page } from '@playwright/test';
import { expect, inEnglish, MENU_GET, openMachine, productInput, test } from './fixtures';

inEnglish('a missing product picture', (lang, t) => {
  const card = (page: Page, name: string) =>
    page.locator('label.product-card').filter({ has: page.getByRole('checkbox', { name, exact: true }) });

  test('no picture and a broken picture both show the placeholder; the names are still read', async ({ page }) => {
    // Machine 1002 (GRID, several products): Cola loses its picture, Water's answers 404.
    await page.route(MENU_GET, async (route) => {
      const response = await route.fetch();
      const menu = (await response.json()) as { products: { name: string; image_url: string }[] };
      for (const item of menu.products) if (item.name === 'Cola') item.image_url = '';
      await route.fulfill({ response, json: menu });
    });
    await page.route('**/sandbox/images/water.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await openMachine(page, lang, 1002);

    for (const name of ['Cola', 'Water']) {
      await expect(card(page, name).getByTestId('image-placeholder'), `${name}: the placeholder`).toBeVisible();
      await expect(card(page, name).locator('img'), `${name}: no broken image left`).toHaveCount(0);
      // The placeholder fills the picture's 4:3 box, as a picture would.
      const box = await card(page, name).getByTestId('image-placeholder').boundingBox();
      expect(box && Math.round((box.width / box.height) * 3)).toBe(4);
      await expect(card(page, name).getByTestId('image-placeholder').locator('svg')).toHaveAttribute(
        'aria-hidden',
        'true',
      );
      await expect(productInput(page, t, name, 'checkbox')).toBeVisible();
    }
    // A picture that loads stays a picture, decorative.
    const chips = card(page, 'Chips');
    await expect(chips.locator('img')).toHaveAttribute('alt', '');
    await expect(chips.getByTestId('image-placeholder')).toHaveCount(0);
  });
});
