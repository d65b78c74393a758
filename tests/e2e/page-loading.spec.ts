/**
 * How index.html loads the app: each module once. Firefox fires an error event on a
 * <link rel=modulepreload> of a module the page already loads as its module script;
 * Chromium stays silent, so the served HTML itself is checked, and any error event on a link or
 * script while /pay starts is reported too.
 */
import { continueButton, expect, holdChunksContaining, openMachine, TEXTS, test } from './fixtures';
import { payPath, vacuumPath } from '../fixtures/machine-pages';

test('the server keeps an idle connection open longer than a client does (65 s), so a reused one is never cut', async ({
  request,
}) => {
  // Node's default is 5 s, and a request sent on a connection the server is closing fails ("socket hang up").
  const response = await request.get('/sandbox/charges');
  expect(response.headers()['keep-alive']).toBe('timeout=65');
});

const attributeValues = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]);

test('index.html preloads no module it already loads as a script, and no link or script fails to load', async ({
  page,
  request,
}) => {
  const html = await (await request.get(payPath(1001))).text();
  const scripts = attributeValues(html, /<script type="module"[^>]*\ssrc="([^"]+)"/g);
  const preloads = attributeValues(html, /<link rel="modulepreload"[^>]*\shref="([^"]+)"/g);
  expect(scripts, 'the entry module script').toHaveLength(1);
  expect(preloads.length, 'the entry chunk’s imports are preloaded').toBeGreaterThan(0);
  expect(preloads.filter((href) => scripts.includes(href))).toEqual([]);
  expect(new Set(preloads).size, 'each preload once').toBe(preloads.length);

  await page.addInitScript(() => {
    const failed: string[] = [];
    (window as unknown as { failedLoads: string[] }).failedLoads = failed;
    window.addEventListener(
      'error',
      (event) => {
        const target = event.target;
        if (target instanceof HTMLLinkElement || target instanceof HTMLScriptElement)
          failed.push(target instanceof HTMLLinkElement ? target.href : target.src);
      },
      true,
    );
  });
  await openMachine(page, 'en', 1001);
  await expect(continueButton(page, TEXTS.en)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { failedLoads: string[] }).failedLoads)).toEqual([]);
  // index.html's inline script preloads /pay's route chunks; Vite's loader must not add them again.
  const linked = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href),
  );
  expect(new Set(linked).size, 'each chunk preloaded by one link').toBe(linked.length);
});

test("a page's lazily loaded views (/vacuum) never preload the entry chunk the page already runs", async ({ page }) => {
  // Vite's preload helper adds a <link rel=modulepreload> for each chunk a dynamic import depends on that
  // no <link> names yet; the entry chunk is named by index.html's <script>, not a link (tests/engines: Firefox).
  await page.goto(vacuumPath(1008));
  await expect(continueButton(page, TEXTS.en)).toBeVisible();
  const reloaded = await page.evaluate(() => {
    const scripts = [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map(
      (script) => script.src,
    );
    return [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
      .map((link) => link.href)
      .filter((href) => scripts.includes(href));
  });
  expect(reloaded).toEqual([]);
});

test("/vacuum goes from the grid's skeleton straight to the grid: no blank page, no spinner between", async ({
  page,
}) => {
  // The grid's code and words (chunks of their own, loaded after the menu) are held until the skeleton is seen.
  const release = await holdChunksContaining(page, 'perHour');
  await page.goto(vacuumPath(1008));
  // The menu is in (the header's language choice shows with it), and the grid's skeleton stands in for the grid.
  await expect(page.getByRole('combobox', { name: TEXTS.en.language.label })).toBeVisible();
  const skeleton = page.getByTestId('menu-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(page.getByRole('status', { name: TEXTS.en.app.loading })).toHaveCount(1);

  release();
  await expect(continueButton(page, TEXTS.en)).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});
