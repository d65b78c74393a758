/**
 * The designers' flow explorer (visualizations/index.html, `npm run visualize`) opened from disk, as a
 * designer would: no server, no network. Choose the purchase machine, select a state (its details and
 * screens) and a transition (its event, guard, ends and coverage), with the mouse and the keyboard.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';

const file = (path: string) => fileURLToPath(new URL(`../../visualizations/${path}`, import.meta.url));
const explorer = pathToFileURL(file('index.html')).href;

/** The screenshots the manifest lists for a state (none before `npm run screenshots` ran). */
function screensOf(state: string): { lang: string; width: number }[] {
  const manifest = file('screens/manifest.json');
  if (!existsSync(manifest)) return [];
  const { screens } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    screens: { state: string; lang: string; width: number }[];
  };
  return screens.filter((screen) => screen.state === state);
}

/** Zooms the chart with the wheel over an element until it is big enough to aim at, as one would by hand. */
async function zoomOnto(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < 40; step += 1) {
    const box = await target.boundingBox();
    if (!box) throw new Error('the element is not on the chart');
    if (box.height >= 12) return;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -120);
  }
  throw new Error('could not zoom onto the element');
}

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('opened from disk: the purchase chart, a state with its screens, a transition with its event and guard', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) requests.push(request.url());
  });
  await page.goto(explorer);

  await page
    .getByRole('navigation', { name: 'Machines' })
    .getByRole('button', { name: /^Purchase\b/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Purchase (purchase)' })).toBeVisible();
  const chart = page.locator('#stage svg[data-machine-id="purchase"]');
  await expect(chart).toBeVisible();
  const panel = page.locator('#details');

  // A state, with the mouse: its details and its screens.
  const stateId = 'purchase.SELECT_PAYMENT_METHOD.ChoosingMethod';
  const state = chart.locator(`[data-state-id="${stateId}"]`);
  const stateName = state.locator(':scope > text').first();
  await zoomOnto(page, stateName);
  await stateName.click();
  await expect(state).toHaveClass(/is-selected/);
  await expect(panel.getByRole('heading', { name: 'State ChoosingMethod' })).toBeVisible();
  await expect(panel).toContainText(stateId);
  await expect(panel.getByRole('button', { name: 'method.select [methodOffered]' })).toBeVisible();
  const screens = screensOf(stateId);
  await expect(panel.getByRole('heading', { name: `Screens (${screens.length})` })).toBeVisible();
  const images = panel.getByRole('img');
  await expect(images).toHaveCount(screens.length);
  for (const image of await images.all()) {
    // the panel's screenshots load lazily, as the designer scrolls to them
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  // Each screen is pictured in four languages at two widths: the designer narrows them down.
  expect(new Set(screens.map((screen) => screen.lang))).toEqual(new Set(['en', 'he', 'fr', 'es']));
  expect(new Set(screens.map((screen) => screen.width))).toEqual(new Set([390, 320]));
  await panel.getByLabel('Language').selectOption('fr');
  await panel.getByLabel('Width').selectOption('320');
  await expect(images).toHaveCount(screens.filter((screen) => screen.lang === 'fr' && screen.width === 320).length);
  await expect(images.first()).toHaveAccessibleName(/· fr · 320 px$/);

  // A transition, with the mouse on its label.
  const cancel = chart.locator(
    '[data-edge-id="purchase.SELECT_PAYMENT_METHOD.ExplainingMethod -> purchase.SELECT_PAYMENT_METHOD.ChoosingMethod on popup.cancel"]',
  );
  const cancelLabel = cancel.locator('text');
  await zoomOnto(page, cancelLabel);
  await cancelLabel.click();
  await expect(cancel).toHaveClass(/is-selected/);
  await expect(panel.getByRole('heading', { name: 'Transition popup.cancel' })).toBeVisible();
  await expect(panel).toContainText('Guardnone');

  // A guarded transition, with the keyboard.
  const edgeId =
    'purchase.SELECT_PAYMENT_METHOD.ChoosingMethod -> purchase.SELECT_PAYMENT_METHOD.ExplainingMethod on method.continue [chosenMethodNeedsPopup]';
  const guarded = chart.locator(`[data-edge-id="${edgeId}"]`);
  await guarded.focus();
  await expect(guarded).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    panel.getByRole('heading', { name: 'Transition method.continue [chosenMethodNeedsPopup]' }),
  ).toBeVisible();
  const details = panel.locator('dl');
  await expect(details).toContainText('Eventmethod.continue');
  await expect(details).toContainText('GuardchosenMethodNeedsPopup');
  await expect(details.getByRole('button', { name: 'SELECT_PAYMENT_METHOD.ChoosingMethod' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'SELECT_PAYMENT_METHOD.ExplainingMethod' })).toBeVisible();
  await expect(details).toContainText(/Coverage(covered by the path tests|unknown)/);

  // From the panel to the target state, with the keyboard.
  await details.getByRole('button', { name: 'SELECT_PAYMENT_METHOD.ExplainingMethod' }).press('Enter');
  await expect(panel.getByRole('heading', { name: 'State ExplainingMethod' })).toBeVisible();
  await expect(chart.locator('[data-state-id="purchase.SELECT_PAYMENT_METHOD.ExplainingMethod"]')).toBeFocused();

  expect(requests, 'requests beyond the file itself').toEqual([]);
});

test('a page no chart drives: its screens in four languages at two widths, and the zoom buttons do nothing', async ({
  page,
}) => {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(explorer);
  const screens = screensOf('pages.contact');
  // /contact, pictured by `npm run screenshots` in en, he, fr and es at 390 and 320 px.
  expect(screens).toHaveLength(8);

  await page
    .getByRole('navigation', { name: 'Machines' })
    .getByRole('list', { name: 'Pages without a chart' })
    .getByRole('button', { name: /^contact\b/ })
    .click();
  const panel = page.locator('#details');
  await expect(panel.getByRole('heading', { name: 'Page contact' })).toBeVisible();
  await expect(page.locator('#stage svg')).toHaveCount(0);
  await expect(panel.getByRole('img')).toHaveCount(8);
  await expect(panel.getByRole('img').first()).toHaveAccessibleName(/^contact, \/contact · /);
  await page.getByRole('button', { name: 'Fit width' }).click();
  await expect(page).toHaveURL(/#page:contact$/);
  expect(errors).toEqual([]);
});
