/**
 * How index.html loads the app: each module once, the start-up chunks by module scripts
 * (scripts/start-up-scripts-plugin.ts). Firefox fires an error event on a <link rel=modulepreload> of a
 * module the page already loads as a module script; Chromium stays silent, so the served HTML and the
 * page's links are checked, and any error event on a link or script while /pay starts is reported too.
 */
import { continueButton, expect, holdChunksContaining, openMachine, TEXTS, test } from './fixtures';
import { payPath, vacuumPath } from '../fixtures/machine-pages';
import { attributeValues } from '../fixtures/html';

test('the server keeps an idle connection open longer than a client does (65 s), so a reused one is never cut', async ({
  request,
}) => {
  // Node's default is 5 s, and a request sent on a connection the server is closing fails ("socket hang up").
  const response = await request.get('/sandbox/charges');
  expect(response.headers()['keep-alive']).toBe('timeout=65');
});

test('index.html loads each start-up module once, by a module script, and no link or script fails to load', async ({
  page,
  request,
}) => {
  const html = await (await request.get(payPath(1001))).text();
  const scripts = attributeValues(html, /<script type="module"[^>]*\ssrc="([^"]+)"/g);
  expect(scripts.length, 'the entry and the chunks it starts with').toBeGreaterThan(1);
  expect(new Set(scripts).size, 'each script once').toBe(scripts.length);
  expect(attributeValues(html, /<link rel="modulepreload"[^>]*\shref="([^"]+)"/g), 'no module preload').toEqual([]);

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
  // index.html's inline script preloads /pay's route chunks; Vite's loader must not add them again, nor a
  // link for a chunk a script has already run.
  const { linked, scripted } = await page.evaluate(() => ({
    linked: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href),
    scripted: [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map(
      (script) => script.src,
    ),
  }));
  expect(new Set(linked).size, 'each chunk preloaded by one link').toBe(linked.length);
  expect(linked.filter((href) => scripted.includes(href))).toEqual([]);
});

test("a page's lazily loaded views (/vacuum) never preload a start-up chunk the page already runs", async ({
  page,
}) => {
  // Vite's preload helper adds a <link rel=modulepreload> for each chunk a dynamic import depends on that
  // no <link> names yet; the start-up chunks are named by index.html's scripts, not links (tests/engines: Firefox).
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
