/** requirements.md §2 PRICE_INPUT and §5 amount entry (machine 1006), with the on-screen keys and the keyboard. */
import type { Page } from '@playwright/test';
import {
  continueButton,
  drawer,
  escapeRegExp,
  expect,
  fill,
  forEachLanguage,
  isSetPurchase,
  money,
  openMachine,
  product,
  settled,
  test,
  type Lang,
  type Texts,
  TEXTS,
  totalLine,
} from './fixtures';

const keypad = (page: Page, t: Texts) => page.getByRole('group', { name: t.amount.keypad });
const display = (page: Page, t: Texts) => page.getByRole('status', { name: t.amount.label });

/**
 * The display as each language writes what was typed so far: its own decimal separator, grouping and symbol's place,
 * as the app's amounts elsewhere (Hebrew's marks keep the symbol after the number in a right-to-left line).
 */
const SHOWN: Record<Lang, Record<string, string>> = {
  en: {
    '0': '₪0',
    '5': '₪5',
    '5.1': '₪5.1',
    '5.12': '₪5.12',
    '1234567890': '₪1,234,567,890',
    '7': '₪7',
    '7.25': '₪7.25',
    '9876543210': '₪9,876,543,210',
    '0.55': '₪0.55',
    '12.5': '₪12.5',
  },
  he: {
    '0': '\u200f0\u00a0\u200f₪',
    '5': '\u200f5\u00a0\u200f₪',
    '5.1': '\u200f5.1\u00a0\u200f₪',
    '5.12': '\u200f5.12\u00a0\u200f₪',
    '1234567890': '\u200f1,234,567,890\u00a0\u200f₪',
    '7': '\u200f7\u00a0\u200f₪',
    '7.25': '\u200f7.25\u00a0\u200f₪',
    '9876543210': '\u200f9,876,543,210\u00a0\u200f₪',
    '0.55': '\u200f0.55\u00a0\u200f₪',
    '12.5': '\u200f12.5\u00a0\u200f₪',
  },
};

/** Presses on-screen keys: digits by their label, '.' and '⌫' by their accessible names. */
async function tap(page: Page, t: Texts, keys: string): Promise<void> {
  for (const key of keys) {
    const name = key === '.' ? t.amount.decimalPoint : key === '<' ? t.amount.backspace : key;
    await keypad(page, t).getByRole('button', { name, exact: true }).click();
  }
}

forEachLanguage('PRICE_INPUT keypad (1006)', (lang, t) => {
  const shown = (typed: string) => {
    const text = SHOWN[lang][typed];
    if (text === undefined) throw new Error(`no ${lang} display written for ${typed}`);
    return text;
  };

  test.beforeEach(async ({ page }) => {
    await openMachine(page, lang, 1006);
    await expect(page.getByRole('heading', { name: t.amount.title })).toBeVisible();
    await expect(display(page, t)).toHaveText(shown('0'));
  });

  test('on-screen keys: first digit replaces 0, at most 2 decimals and 10 digits, one decimal point, delete to 0', async ({
    page,
  }) => {
    const keys = keypad(page, t).getByRole('button');
    await expect(keys).toHaveCount(12);
    // English and Hebrew write the decimal separator as a point.
    await expect(keypad(page, t).getByRole('button', { name: t.amount.decimalPoint, exact: true })).toHaveText('.');
    for (const name of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', t.amount.decimalPoint, t.amount.backspace]) {
      await expect(keypad(page, t).getByRole('button', { name, exact: true })).toBeVisible();
    }

    await tap(page, t, '0');
    await expect(display(page, t)).toHaveText(shown('0'));
    await tap(page, t, '5');
    await expect(display(page, t)).toHaveText(shown('5'));
    await tap(page, t, '..1');
    await expect(display(page, t)).toHaveText(shown('5.1'));
    await tap(page, t, '2');
    await expect(display(page, t)).toHaveText(shown('5.12'));
    await tap(page, t, '3.');
    await expect(display(page, t)).toHaveText(shown('5.12'));

    await tap(page, t, '<');
    await expect(display(page, t)).toHaveText(shown('5.1'));
    await tap(page, t, '<<<');
    await expect(display(page, t)).toHaveText(shown('0'));
    await tap(page, t, '<');
    await expect(display(page, t)).toHaveText(shown('0'));

    await tap(page, t, '12345678901');
    await expect(display(page, t)).toHaveText(shown('1234567890'));
    for (let i = 0; i < 10; i += 1) await tap(page, t, '<');
    await expect(display(page, t)).toHaveText(shown('0'));

    // The Continue button confirms the amount as Enter does.
    await tap(page, t, '3');
    await continueButton(page, t).click();
    await expect(drawer(page, t).getByText(totalLine(t, 3))).toBeVisible();
  });

  test('keyboard: digits, "." and ",", at most 2 decimals and 10 digits, Backspace to 0', async ({ page }) => {
    await page.keyboard.type('7');
    await expect(display(page, t)).toHaveText(shown('7'));
    await page.keyboard.type(',25');
    await expect(display(page, t)).toHaveText(shown('7.25'));
    await page.keyboard.type('9.,');
    await expect(display(page, t)).toHaveText(shown('7.25'));
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Backspace');
    await expect(display(page, t)).toHaveText(shown('0'));
    await page.keyboard.press('Backspace');
    await expect(display(page, t)).toHaveText(shown('0'));

    await page.keyboard.type('98765432109');
    await expect(display(page, t)).toHaveText(shown('9876543210'));
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('Backspace');
    await page.keyboard.type('0.5.5');
    await expect(display(page, t)).toHaveText(shown('0.55'));
  });

  test('Enter with 0 shows the minimum amount (1006: ₪1.00) and does not open the drawer; Continue is dimmed', async ({
    page,
    setPurchaseRequests,
  }) => {
    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'true');
    const keysAt = () => keypad(page, t).boundingBox();
    const before = await keysAt();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(fill(t.amount.minimum, { amount: money(1, lang) }));
    // The hint had its room already: the keys stay where they were (CLS 0).
    expect(await keysAt()).toEqual(before);
    await continueButton(page, t).click({ force: true });
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(setPurchaseRequests).toHaveLength(0);

    // A digit clears the hint.
    await page.keyboard.type('1');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'false');
  });

  test('12.5 + Enter opens the drawer with "You are about to pay ₪12.50" and sends custom_price 12.5', async ({
    page,
  }) => {
    const payment = product(1006, 601);
    await page.keyboard.type('12.5');
    await expect(display(page, t)).toHaveText(shown('12.5'));

    const request = page.waitForRequest(isSetPurchase);
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toEqual([{ product_id: payment.id, count: 1, custom_price: 12.5 }]);

    const sheet = drawer(page, t);
    await expect(sheet).toBeVisible();
    await expect(
      sheet.getByText(new RegExp(`^${escapeRegExp(t.methods.aboutToPay)}\\s*${escapeRegExp(money(12.5, lang))}$`)),
    ).toBeVisible();
    await expect(sheet.getByText(totalLine(t, 12.5))).toBeVisible();

    // The keypad is covered: typing does not change the amount behind the drawer.
    await page.keyboard.type('9');
    await sheet.getByRole('button', { name: t.drawer.close }).click();
    await expect(sheet).toBeHidden();
    await expect(display(page, t)).toHaveText(shown('12.5'));
  });
});

// French (Spanish alike) writes amounts "12,50 ₪": the keypad's display and its decimal key follow; the amount sent is
// the number typed.
test.describe('PRICE_INPUT keypad (1006) [fr]', () => {
  test.use({ lang: 'fr' });

  test('the display writes "12,5 ₪" and the decimal key shows ","; 12,5 sends custom_price 12.5', async ({ page }) => {
    const t = TEXTS.fr;
    await openMachine(page, 'fr', 1006);
    await expect(display(page, t)).toHaveText('0\u00a0₪');
    const decimalKey = keypad(page, t).getByRole('button', { name: t.amount.decimalPoint, exact: true });
    await expect(decimalKey).toHaveText(',');
    await tap(page, t, '1234');
    await expect(display(page, t)).toHaveText('1\u202f234\u00a0₪');
    await tap(page, t, '<<<<12.');
    await expect(display(page, t)).toHaveText('12,\u00a0₪');
    await tap(page, t, '5');
    await expect(display(page, t)).toHaveText('12,5\u00a0₪');

    const request = page.waitForRequest(isSetPurchase);
    await continueButton(page, t).click();
    expect((await request).postDataJSON()).toEqual([
      { product_id: product(1006, 601).id, count: 1, custom_price: 12.5 },
    ]);
  });
});
