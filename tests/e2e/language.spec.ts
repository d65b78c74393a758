/**
 * requirements.md §2 / §6: the language dropdown offers the machine's languages; he is right-to-left; the cookie
 * remembers.
 */
import {
  continueButton,
  expect,
  expectDocumentLanguage,
  forEachLanguage,
  openMachine,
  test,
  TEXTS,
  type Lang,
} from './fixtures';
import { payPath } from '../fixtures/machine-pages';

const ALL_NAMES = ['English', 'עברית', 'Français', 'Español'];

forEachLanguage('language', (lang, t) => {
  test('machine 1002 offers exactly its available languages: English and עברית', async ({ page }) => {
    await openMachine(page, lang, 1002);
    const select = page.getByRole('combobox', { name: t.language.label });
    await expect(select.getByRole('option')).toHaveText(['English', 'עברית']);
    await expect(select).toHaveValue(lang);
  });

  const other: Lang = lang === 'en' ? 'he' : 'en';
  const o = TEXTS[other];

  test(`1001 offers all four languages; switching to ${o.language.names[other]} translates the page, sets the direction and persists after a reload`, async ({
    page,
    context,
  }) => {
    await openMachine(page, lang, 1001);
    // 1001 offers all four languages.
    const select = page.getByRole('combobox', { name: t.language.label });
    await expect(select.getByRole('option')).toHaveText(ALL_NAMES);
    await select.selectOption({ label: o.language.names[other] });

    await expectDocumentLanguage(page, other);
    await expect(continueButton(page, o)).toBeVisible();
    await expect(page.getByRole('group', { name: o.products.choose })).toBeVisible();
    await expect(page.getByRole('combobox', { name: o.language.label })).toHaveValue(other);
    expect((await context.cookies()).find((cookie) => cookie.name === 'language')?.value).toBe(other);

    await page.reload();
    await expectDocumentLanguage(page, other);
    await expect(continueButton(page, o)).toBeVisible();
    await expect(page.getByRole('combobox', { name: o.language.label })).toHaveValue(other);
  });
});

test.describe('language fallback', () => {
  test.use({ lang: 'en', languageCookie: 'fr' });

  test('a remembered language the machine does not offer (fr on 1002) falls back to English', async ({ page }) => {
    const t = TEXTS.en;
    await page.goto(payPath(1002));
    await expect(continueButton(page, t)).toBeVisible();
    await expectDocumentLanguage(page, 'en');
    const select = page.getByRole('combobox', { name: t.language.label });
    await expect(select).toHaveValue('en');
    await expect(select.getByRole('option')).toHaveText(['English', 'עברית']);
    await expect(page.getByRole('group', { name: t.products.choose })).toBeVisible();
  });
});
