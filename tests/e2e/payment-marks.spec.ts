/**
 * design.md §5.4: the payment marks. Each option of the method list and the footer show the marks of what the
 * machine accepts (its own configuration, sandbox/catalogue.json), named by the brand, loaded from one file
 * of views (scripts/payment-marks-plugin.ts), each drawn as its brand's own file draws it, and not fetched
 * before the product list. Apple Pay's mark shows only where the phone can pay with it.
 */
import type { Locator, Page } from '@playwright/test';
import {
  MENU_GET,
  continueButton,
  drawer,
  enableSandboxApplePay,
  expect,
  inEnglish,
  methodList,
  methodRadio,
  openMachine,
  product,
  productInput,
  recordRequests,
  test,
  type Texts,
} from './fixtures';
import { payPath } from '../fixtures/machine-pages';
import { joinMarks, readMarks } from '../../scripts/payment-marks-plugin';

type Method = keyof Texts['methods']['names'];

const CARDS_1001 = ['Visa', 'Mastercard', 'American Express', 'Discover'];
const DEFAULT_CARDS = ['Visa', 'Mastercard', 'American Express'];
const MARKS_FILE = /\/assets\/payment-marks-[\w-]+\.svg$/;

function footerMarks(page: Page, t: Texts): Locator {
  return page.getByRole('contentinfo').getByRole('list', { name: t.footer.acceptedPayments }).getByRole('img');
}

/** Each image is named as expected, in order, is a view of the marks' file (not inlined) and has actually loaded. */
async function expectMarks(images: Locator, names: readonly string[]): Promise<void> {
  await expect(images).toHaveCount(names.length);
  for (const [index, name] of names.entries()) {
    const image = images.nth(index);
    await expect(image).toHaveAccessibleName(name);
    await expect(image).toHaveAttribute('src', /\/assets\/payment-marks-[\w-]+\.svg#[a-z-]+$/);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  }
}

async function openMethods(page: Page, t: Texts, productName?: string): Promise<void> {
  if (productName) await productInput(page, t, productName).check();
  await continueButton(page, t).click();
  await expect(methodList(page, t)).toBeVisible();
}

/** The option's marks: the images inside the option, beside its text. */
function optionMarks(page: Page, t: Texts, method: Method): Locator {
  const radio = page.getByRole('radio', { name: t.methods.names[method], exact: true });
  return methodList(page, t).locator('label', { has: radio }).getByRole('img');
}

async function expectOptions(page: Page, t: Texts, options: Partial<Record<Method, readonly string[]>>) {
  await expect(methodList(page, t).getByRole('radio')).toHaveCount(Object.keys(options).length);
  for (const [method, names] of Object.entries(options) as [Method, readonly string[]][]) {
    // The radio keeps its own name; a card option is described by the networks it takes.
    await expect(methodRadio(page, t, method)).toBeVisible();
    await expectMarks(optionMarks(page, t, method), names);
  }
}

inEnglish('payment marks', (lang, t) => {
  test('1001 without Apple Pay: Google Pay, Bit and four networks; no Apple Pay mark anywhere', async ({ page }) => {
    await openMachine(page, lang, 1001);
    await expectMarks(footerMarks(page, t), ['Google Pay', 'Bit', ...CARDS_1001]);
    await expect(page.getByRole('img', { name: 'Apple Pay' })).toHaveCount(0);

    await openMethods(page, t);
    await expectOptions(page, t, {
      google_pay: ['Google Pay'],
      credit_card: CARDS_1001,
      card_scan: CARDS_1001,
      bit: ['Bit'],
    });
    await expect(methodRadio(page, t, 'credit_card')).toHaveAccessibleDescription(CARDS_1001.join(' '));
    await expect(drawer(page, t).getByRole('img', { name: 'Apple Pay' })).toHaveCount(0);
  });

  test('1001 on a phone with Apple Pay: its mark comes first in the footer and beside its option', async ({
    page,
    context,
    baseURL,
  }) => {
    await enableSandboxApplePay(context, baseURL);
    await openMachine(page, lang, 1001);
    await expectMarks(footerMarks(page, t), ['Apple Pay', 'Google Pay', 'Bit', ...CARDS_1001]);

    await openMethods(page, t);
    await expectMarks(optionMarks(page, t, 'apple_pay'), ['Apple Pay']);
  });

  test('1004 (Stripe, no Bit, Visa and Mastercard only): the card element shows those two networks', async ({
    page,
  }) => {
    await openMachine(page, lang, 1004);
    await expectMarks(footerMarks(page, t), ['Google Pay', 'Visa', 'Mastercard']);
    await expect(page.getByRole('img', { name: 'Bit' })).toHaveCount(0);

    await openMethods(page, t);
    await expectOptions(page, t, { google_pay: ['Google Pay'], stripe: ['Visa', 'Mastercard'] });
  });

  test('1009 names no networks: Visa, Mastercard and American Express by default; no Bit', async ({ page }) => {
    await openMachine(page, lang, 1009);
    await expectMarks(footerMarks(page, t), ['Google Pay', ...DEFAULT_CARDS]);

    await openMethods(page, t, product(1009, 901).name);
    await expectOptions(page, t, {
      google_pay: ['Google Pay'],
      credit_card: DEFAULT_CARDS,
      card_scan: DEFAULT_CARDS,
    });
  });

  test('no mark is requested before the product list', async ({ page }) => {
    const marks = recordRequests(page, 'GET', MARKS_FILE);
    let answerMenu = () => {};
    const menuHeld = new Promise<void>((resolve) => (answerMenu = resolve));
    await page.route(MENU_GET, async (route) => {
      await menuHeld;
      await route.fallback();
    });
    const menuAsked = page.waitForRequest(MENU_GET);
    await page.goto(payPath(1001));
    await menuAsked;
    await page.waitForLoadState('load');
    // The page's code has run and waits for the menu: no mark has been fetched.
    await expect(continueButton(page, t)).toHaveCount(0);
    expect(marks).toHaveLength(0);

    answerMenu();
    await expect(continueButton(page, t)).toBeVisible();
    await expectMarks(footerMarks(page, t), ['Google Pay', 'Bit', ...CARDS_1001]);
    // Six marks, one file.
    expect(marks).toHaveLength(1);
  });
});

test('each view of the joined file draws what its brand’s own file draws', async ({ page }) => {
  const files = readMarks();
  expect(files).toHaveLength(7);
  const differences = await page.evaluate(
    async ({ files, joined }) => {
      const address = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;
      // At the 38×24 CSS px it is shown at, on a phone's 2× screen.
      const pixels = async (source: string) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = 76;
        canvas.height = 48;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2D canvas');
        context.drawImage(image, 0, 0, 76, 48);
        return context.getImageData(0, 0, 76, 48).data;
      };
      const result: Record<string, { largestDifference: number; inkedPixels: number }> = {};
      for (const { id, svg } of files) {
        const own = await pixels(address(svg));
        const view = await pixels(`${address(joined)}#${id}`);
        let largestDifference = 0;
        let inkedPixels = 0;
        for (let at = 0; at < own.length; at += 1) {
          largestDifference = Math.max(largestDifference, Math.abs((own[at] ?? 0) - (view[at] ?? 0)));
          if (at % 4 === 3 && (own[at] ?? 0) > 0) inkedPixels += 1;
        }
        result[id] = { largestDifference, inkedPixels };
      }
      return result;
    },
    { files, joined: joinMarks(files) },
  );
  for (const [id, { largestDifference, inkedPixels }] of Object.entries(differences)) {
    // A mark that draws nothing would match a view that draws nothing.
    expect(inkedPixels, id).toBeGreaterThan(500);
    expect(largestDifference, id).toBe(0);
  }
});
