/**
 * The drawer on small and common phones (390×844, 320×568): the sheet is 90 % of the viewport high
 * (requirements.md §9), and the main action of the method list, the success page, the failure page and the
 * vacuum's times is whole inside the viewport, however long the page above it, on an action bar of its own that
 * nothing lies under once scrolled to the end. The support call's number is never broken. A stage's
 * loader keeps its wheel and words together. A method's name has its row's width, its marks on a line under it,
 * in the four languages at 320 px.
 */
import type { Locator, Page } from '@playwright/test';
import vacuumEn from '../../locales/vacuum/en.json' with { type: 'json' };
import vacuumHe from '../../locales/vacuum/he.json' with { type: 'json' };
import {
  card,
  continueButton,
  drawer,
  escapeRegExp,
  expect,
  expectActionBarClear,
  expectOnBottomEdge,
  expectSheetSettled,
  failurePage,
  fillHostedFields,
  forEachLanguage,
  holdGooglePayStepCheck,
  hostedField,
  type Lang,
  type PageLang,
  linePrice,
  linesSpannedBy,
  methodContinue,
  methodList,
  openPayment,
  payAmountButton,
  product,
  startMethod,
  successPage,
  test,
  TEST_CARDS,
  type Texts,
} from './fixtures';
import { vacuumPath } from '../fixtures/machine-pages';
import { onEachPhone } from '../screens/layout';

const VACUUM_TEXTS = { en: vacuumEn, he: vacuumHe };

/** The sheet has slid up onto the bottom edge and is 90 % of the viewport high. */
async function expectNinetyPercentSheet(page: Page, t: Texts, height: number): Promise<void> {
  const sheet = drawer(page, t);
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box ? Math.round(box.y + box.height) : null;
    })
    .toBe(height);
  const box = await sheet.boundingBox();
  expect(Math.abs((box?.height ?? 0) - 0.9 * height)).toBeLessThanOrEqual(1);
}

/** The whole of `action` is inside the viewport. */
async function expectWhollyOnScreen(action: Locator, viewport: { width: number; height: number }): Promise<void> {
  await expect(action).toBeVisible();
  const box = await action.boundingBox();
  expect(box, 'bounding box').not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

/**
 * The support button's number is laid out on one line (one line box), and its words, on one line or two, sit
 * inside its border with room above and below (two lines once touched it).
 */
async function expectNumberOnOneLine(section: Locator, phoneLabel: string): Promise<void> {
  const link = section.getByRole('link', { name: phoneLabel });
  const number = link.locator('bdi');
  await expect(number).toBeVisible();
  expect(await number.evaluate((element) => element.getClientRects().length)).toBe(1);
  const room = await link.evaluate((element) => {
    const words = document.createRange();
    words.selectNodeContents(element);
    const lines = [...words.getClientRects()].filter((box) => box.height > 0);
    const inside = element.getBoundingClientRect();
    const border = 2;
    return {
      above: Math.min(...lines.map((box) => box.top)) - inside.top - border,
      below: inside.bottom - border - Math.max(...lines.map((box) => box.bottom)),
    };
  });
  expect(room.above, 'room above the words').toBeGreaterThanOrEqual(6);
  expect(room.below, 'room below the words').toBeGreaterThanOrEqual(6);
}

async function payByCard(page: Page, lang: Lang, t: Texts, cardNumber: string): Promise<void> {
  await openPayment(page, lang, 1001);
  await startMethod(page, t, 'credit_card');
  await expect(hostedField(page, 'number')).toBeEditable();
  await fillHostedFields(page, card(cardNumber));
  await payAmountButton(page, t, linePrice(product(1001, 101))).click();
}

// One journey per screen, looked at on both phones (onEachPhone resizes the page between them).
forEachLanguage('sheet fit', (lang, t) => {
  test('the method list: a 90 % sheet, its Continue whole on screen', async ({ page }) => {
    await openPayment(page, lang, 1001);
    await onEachPhone(page, async (viewport) => {
      await expectNinetyPercentSheet(page, t, viewport.height);
      await expectWhollyOnScreen(methodContinue(page, t), viewport);
      await expectActionBarClear(drawer(page, t));
    });
  });

  test('the success page: a 90 % sheet, More purchases whole on screen, the number on one line', async ({ page }) => {
    await payByCard(page, lang, t, TEST_CARDS.approved);
    const section = successPage(page, t);
    await onEachPhone(page, async (viewport) => {
      await expectNinetyPercentSheet(page, t, viewport.height);
      await expectWhollyOnScreen(section.getByRole('button', { name: t.success.morePurchases, exact: true }), viewport);
      await expectNumberOnOneLine(section, t.success.support);
      await expectActionBarClear(drawer(page, t));
    });
  });

  test('the failure page: a 90 % sheet, the cause in view above Try again, which is whole on screen, the number on one line', async ({
    page,
  }) => {
    await payByCard(page, lang, t, TEST_CARDS.declined);
    const section = failurePage(page, t);
    await onEachPhone(page, async (viewport) => {
      await expectNinetyPercentSheet(page, t, viewport.height);
      // Before any scroll, what went wrong is read above the bar (it was under it at 320 × 568).
      await drawer(page, t)
        .locator('.drawer__body')
        .evaluate((body) => (body.scrollTop = 0));
      const cause = await section.getByText(t.failure.reasons.declined, { exact: true }).boundingBox();
      const bar = await section.locator('.sticky-action').boundingBox();
      expect(cause, 'the cause is shown').not.toBeNull();
      expect(bar, 'the action bar is shown').not.toBeNull();
      if (cause && bar) expect(cause.y + cause.height, 'the cause ends above the bar').toBeLessThanOrEqual(bar.y);
      await expectWhollyOnScreen(section.getByRole('button', { name: t.failure.retry, exact: true }), viewport);
      await expectNumberOnOneLine(section, t.failure.support);
      await expectActionBarClear(drawer(page, t));
    });
  });

  test("a stage's loader: its wheel and words one group, in the middle of the sheet's width", async ({ page }) => {
    await holdGooglePayStepCheck(page);
    await openPayment(page, lang, 1001);
    await startMethod(page, t, 'google_pay');
    const loader = drawer(page, t).getByRole('status', { name: t.payment.googlePay.loading });
    await onEachPhone(page, async (viewport) => {
      const wheel = await loader.locator('.spinner__wheel').boundingBox();
      const words = await loader.getByText(t.payment.googlePay.loading, { exact: true }).boundingBox();
      expect(wheel && words, 'the wheel and its words are shown').toBeTruthy();
      if (!wheel || !words) return;
      // Under the wheel, close to it (they were once about 170 px apart), and centred on it.
      const gap = words.y - (wheel.y + wheel.height);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(16);
      expect(Math.abs(words.x + words.width / 2 - (wheel.x + wheel.width / 2))).toBeLessThanOrEqual(2);
      expect(Math.abs(wheel.x + wheel.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
    });
  });

  test("the vacuum's times: Continue whole on screen, on a bar nothing lies under", async ({ page }) => {
    const v = VACUUM_TEXTS[lang];
    await page.goto(vacuumPath(1008));
    await page
      .getByRole('group', { name: v.grid.title })
      .getByRole('radio', { name: product(1008, 801).name, exact: true })
      .check({ force: true });
    await continueButton(page, t).click();
    // The loyalty offer comes first to a visitor who is not a member.
    const skip = page.getByRole('button', { name: v.offer.skip, exact: true });
    const times = page.getByRole('dialog', { name: v.time.title, exact: true });
    await expect(skip.or(times)).toBeVisible();
    if (await skip.isVisible()) await skip.click();
    await onEachPhone(page, async (viewport) => {
      await expectOnBottomEdge(page, times);
      await expectWhollyOnScreen(times.getByRole('button', { name: v.time.continue, exact: true }), viewport);
      await expectActionBarClear(times);
    });
  });
});

// French and Spanish have the longest names: beside four card marks and the check, "Saisir une carte bancaire"
// went one word a line, and the last row (Bit) lay under Continue.
for (const lang of ['en', 'he', 'fr', 'es'] as const satisfies readonly PageLang[]) {
  test.describe(`the method list at 320 × 568 [${lang}]`, () => {
    test.use({ lang, viewport: { width: 320, height: 568 } });

    test('each name on at most two lines with its marks under it; the last row scrolls clear of Continue', async ({
      page,
      t,
    }) => {
      await openPayment(page, lang, 1001);
      await expectSheetSettled(page, t);
      const list = methodList(page, t);
      const rows = await list.locator('label').all();
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const row of rows) {
        // The radio is named by its method's name alone.
        const nameId = await row.getByRole('radio').getAttribute('aria-labelledby');
        const name = row.locator(`[id="${nameId ?? ''}"]`);
        const text = (await name.textContent()) ?? '';
        expect(await linesSpannedBy(row, new RegExp(escapeRegExp(text))), text).toBeLessThanOrEqual(2);
        // Both read at one instant: the sheet's last sub-pixel of sliding moves them between two reads.
        const { nameBottom, markTops } = await row.evaluate((label, id) => {
          // What the accessibility tree calls an image: a named img, or an element given the role.
          const marks = [...label.querySelectorAll('img:not([alt=""]), [role="img"]')];
          return {
            nameBottom: document.getElementById(id)?.getBoundingClientRect().bottom ?? Number.NaN,
            markTops: marks.map((mark) => mark.getBoundingClientRect().top),
          };
        }, nameId ?? '');
        expect(markTops.length, `${text}: its marks`).toBeGreaterThan(0);
        for (const top of markTops) expect(top, `${text}: a mark under the name`).toBeGreaterThanOrEqual(nameBottom);
      }

      // Scrolled to its end, as a thumb does, the list's last row lies above Continue, not under it.
      const lastRow = list.locator('label').last();
      const action = methodContinue(page, t);
      await list.hover();
      await page.mouse.wheel(0, 2000);
      await expect
        .poll(async () => {
          const [row, button] = await Promise.all([lastRow.boundingBox(), action.boundingBox()]);
          return row && button ? button.y - (row.y + row.height) : null;
        })
        .toBeGreaterThanOrEqual(0);
    });
  });
}
