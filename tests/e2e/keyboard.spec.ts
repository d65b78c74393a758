/** A keyboard-only visitor completes LIST 1001 up to the pending step: Tab, Space, Enter and arrows, no mouse. */
import {
  continueButton,
  drawer,
  expect,
  forEachLanguage,
  linePrice,
  methodContinue,
  methodRadio,
  openMachine,
  product,
  productInput,
  tabTo,
  test,
  totalLine,
} from './fixtures';

forEachLanguage('keyboard only', (lang, t) => {
  const cola = product(1001, 101);
  const water = product(1001, 102);

  test('choose a product, open the drawer, pick a method through its popup and reach the pending step', async ({
    page,
  }) => {
    await openMachine(page, lang, 1001);

    // The product radios: Tab lands on the checked (popular) one, an arrow moves the choice.
    await tabTo(page, productInput(page, t, cola.name));
    await expect(productInput(page, t, cola.name)).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(productInput(page, t, water.name)).toBeChecked();
    await expect(productInput(page, t, water.name)).toBeFocused();

    await tabTo(page, continueButton(page, t));
    await page.keyboard.press('Enter');
    const sheet = drawer(page, t);
    await expect(sheet.getByText(totalLine(t, linePrice(water)))).toBeVisible();
    // Focus moved into the drawer.
    await expect.poll(() => sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // Methods: Tab to the first option, Space selects it, an arrow moves to the next one.
    await tabTo(page, methodRadio(page, t, 'google_pay'));
    await page.keyboard.press('Space');
    await expect(methodRadio(page, t, 'google_pay')).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(methodRadio(page, t, 'credit_card')).toBeChecked();

    await tabTo(page, methodContinue(page, t));
    await page.keyboard.press('Enter');
    const popup = sheet.getByRole('alertdialog', { name: t.popup.credit_card.title });
    await expect(popup).toBeVisible();
    await expect.poll(() => popup.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await tabTo(page, popup.getByRole('button', { name: t.popup.continue }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('method-pending')).toBeVisible();

    // Escape closes the drawer and gives focus back to Continue, with the choice kept.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(continueButton(page, t)).toBeFocused();
    await expect(productInput(page, t, water.name)).toBeChecked();
  });
});
