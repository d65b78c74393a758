/**
 * Fake QR stickers ("quishing"): a machine's page names the machine as its sticker does (its name, place and
 * the number printed beside the QR code) at the top and on the receipt, so the visitor can check it is the
 * machine in front of them; and the operator opens a machine's page only with the code of that machine's own
 * sticker (contract: menu/get `qr`): another machine's code, an edited one or none is an unknown machine.
 */
import {
  continueButton,
  drawer,
  drawerButton,
  expect,
  expectDocumentLanguage,
  forEachLanguage,
  inEnglish,
  openMachine,
  productChoices,
  sheetButton,
  startMethod,
  successHeading,
  test,
  walletSheet,
} from './fixtures';
import { payPath, qrCode, vacuumPath } from '../fixtures/machine-pages';
import { GOOGLE_PAY_BUTTON } from '../fixtures/wallet-buttons';

/** Machine 1001 as its sticker names it (sandbox/catalogue.json), in the words of each language. */
const LOBBY_SNACKS = {
  name: 'Lobby snacks',
  place: 'Building A, ground floor',
  number: { en: 'Machine no. VM-1001', he: 'מכונה מס׳ VM-1001' },
} as const;

forEachLanguage('the machine named at the top of its page', (lang, t) => {
  test('its name, place and printed number in the header, within 320 px; the receipt repeats them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await openMachine(page, lang, 1001);
    const header = page.getByRole('banner');
    await expect(header.getByText(LOBBY_SNACKS.name)).toBeVisible();
    await expect(header.getByText(LOBBY_SNACKS.place)).toBeVisible();
    const number = header.getByText(LOBBY_SNACKS.number[lang], { exact: true });
    await expect(number).toBeVisible();
    // The printed number is one left-to-right word, in Hebrew too ("VM-1001", never "1001-VM").
    await expect(number.locator('bdi')).toHaveAttribute('dir', 'ltr');
    // Nothing wider than the screen: the header does not scroll sideways, and the number is whole on it.
    expect(await header.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const box = await number.locator('bdi').boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);

    await continueButton(page, t).click();
    await startMethod(page, t, 'google_pay');
    await drawerButton(page, t, GOOGLE_PAY_BUTTON).click();
    await expect(walletSheet(page, 'Google Pay')).toBeVisible();
    await sheetButton(page, 'Google Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    const receipt = drawer(page, t);
    await expect(receipt.getByText(LOBBY_SNACKS.name)).toBeVisible();
    await expect(receipt.getByText(LOBBY_SNACKS.number[lang], { exact: true })).toBeVisible();
  });
});

inEnglish('the vacuum named at the top of its page', (lang, t) => {
  test('/vacuum names its machine too', async ({ page }) => {
    await page.goto(vacuumPath(1008));
    await expectDocumentLanguage(page, lang);
    const header = page.getByRole('banner');
    await expect(header.getByText('Vacuum station')).toBeVisible();
    await expect(header.getByText('Machine no. VM-1008', { exact: true })).toBeVisible();
    await expect(header.getByText(t.machine.notRecognised)).toHaveCount(0);
  });
});

inEnglish('a sticker that is not the machine’s own', (lang, t) => {
  const code = qrCode(1001);
  const cases = [
    ['another machine’s code', payPath(1001).replace(code, qrCode(1002))],
    ['its code edited', payPath(1001).replace(code, `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`)],
    ['no code at all', '/pay?machine_id=1001'],
  ] as const;

  for (const [title, address] of cases) {
    test(`${title}: the machine-not-found screen, and no menu`, async ({ page }) => {
      await page.goto(address);
      await expectDocumentLanguage(page, lang);
      const alert = page.getByRole('alert');
      await expect(alert.getByRole('heading', { level: 1, name: t.machine.notRecognised })).toBeVisible();
      await expect(alert).toContainText(t.machine.notFound);
      // Neither this machine's menu nor another's.
      await expect(productChoices(page, t)).toHaveCount(0);
      await expect(continueButton(page, t)).toHaveCount(0);
      await expect(page.getByText(LOBBY_SNACKS.name)).toHaveCount(0);
      await expect(page.getByText(/VM-\d+/)).toHaveCount(0);
    });
  }
});
