/**
 * /pay's menu is asked for from the first bytes of HTML (src/early-menu.ts, an inline script index.html runs
 * before any module), and the route's code is preloaded with it. Checked from the browser's own reports:
 * the menu request and the route's chunks are requested before the entry chunk has even loaded (no module
 * runs before its whole graph has), once each. An early request that fails or is slow ends where the app's
 * own request would (requirements.md §8): the client tries it again, shows the machine as not found, or the message
 * with Try again. The same script starts the Intl warm-up worker (src/lib/intl-warm-up.ts) on every other
 * route; /pay, whose list writes its amounts without Intl, starts it at the visitor's first touch.
 */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { continueButton, escapeRegExp, expect, MENU_GET, productChoices, test, TEXTS } from './fixtures';
import { payPath, vacuumPath } from '../fixtures/machine-pages';

const t = TEXTS.en;
const PAY = payPath(1001);
const isMenuCall = (url: string) => new URL(url).pathname === '/v4/api/menu/get';
const INTL_WARM_UP = '/intl-warm-up.js';

/** The entry chunk index.html runs as its module script, and the /pay chunks its inline script preloads. */
async function scriptsOf(request: APIRequestContext) {
  const html = await (await request.get(PAY)).text();
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
  const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const routeChunks = [...inline.matchAll(/\/assets\/pay[^`"']*\.js/g)].map((match) => match[0]);
  if (!entry) throw new Error('index.html has no module script');
  return { entry, routeChunks };
}

/**
 * What the browser reports while the page loads, in its order: each menu request and route chunk as it is
 * sent, and the moment the entry chunk has loaded (before which no module of the app can run).
 */
async function watchLoading(page: Page, request: APIRequestContext) {
  const { entry, routeChunks } = await scriptsOf(request);
  const events: string[] = [];
  const scripts: string[] = [];
  const warmUps: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (isMenuCall(sent.url())) events.push('menu requested');
    if (routeChunks.includes(path)) events.push(`${path} requested`);
    // Whether the entry chunk had loaded when the Intl warm-up worker was asked for (its own list: the
    // worker's request and the menu's are sent by the same script, and may be reported in either order).
    if (path === INTL_WARM_UP) warmUps.push(events.includes('entry loaded') ? 'after the entry' : 'before any module');
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });
  page.on('requestfinished', (sent) => {
    if (new URL(sent.url()).pathname === entry) events.push('entry loaded');
  });
  const menuRequests = () => events.filter((event) => event === 'menu requested').length;
  /** The events before the entry chunk had loaded. */
  const beforeModules = () => {
    const loaded = events.indexOf('entry loaded');
    if (loaded < 0) throw new Error(`the entry chunk ${entry} never loaded`);
    return events.slice(0, loaded);
  };
  return { events, scripts, routeChunks, menuRequests, beforeModules, warmUps };
}

/** Routes the page's menu requests: the first one (the early request) to `first`, the others on to the sandbox. */
async function routeFirstMenuRequest(page: Page, first: (route: Route) => Promise<void>) {
  let seen = 0;
  await page.route(MENU_GET, async (route) => {
    seen += 1;
    await (seen === 1 ? first(route) : route.continue());
  });
}

/** A promise the test settles when it chooses: a request waits on it. */
function hold() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

test('the menu and the route’s code are requested before any module runs, each once', async ({ page, request }) => {
  const loading = await watchLoading(page, request);
  expect(loading.routeChunks.length, 'the inline script names the /pay route’s chunks').toBeGreaterThan(0);
  await page.goto(PAY);
  await expect(productChoices(page, t)).toBeVisible();

  expect(loading.beforeModules()).toEqual(
    expect.arrayContaining(['menu requested', ...loading.routeChunks.map((chunk) => `${chunk} requested`)]),
  );
  expect(loading.beforeModules()[0], 'the menu first').toBe('menu requested');
  expect(loading.menuRequests(), 'one menu call per page load').toBe(1);
  expect(new Set(loading.scripts).size, 'no script downloaded twice').toBe(loading.scripts.length);
  expect(loading.warmUps, 'no Intl warm-up while /pay loads').toEqual([]);

  const warmUp = page.waitForRequest((sent) => new URL(sent.url()).pathname === INTL_WARM_UP);
  await page.keyboard.press('Tab');
  await warmUp;
  expect(loading.warmUps, 'the Intl warm-up worker, once, at the first touch').toEqual(['after the entry']);
});

test('no menu is asked for early on another route, and the Intl warm-up starts there too', async ({
  page,
  request,
}) => {
  const loading = await watchLoading(page, request);
  await page.goto(vacuumPath(1008));
  await expect(continueButton(page, t)).toBeVisible();
  expect(loading.beforeModules()).toEqual([]);
  expect(loading.warmUps, 'the Intl warm-up worker, once').toEqual(['before any module']);
  expect(loading.menuRequests(), 'the page’s own menu call').toBe(1);
});

test.describe('an early request that fails ends where the app’s own would', () => {
  const answers: { title: string; fail: (route: Route) => Promise<void> }[] = [
    { title: 'a network error', fail: (route) => route.abort('failed') },
    { title: 'a 500', fail: (route) => route.fulfill({ status: 500, json: { message: 'down' } }) },
  ];
  for (const { title, fail } of answers) {
    test(`${title}: the client tries again and the products show`, async ({ page, request }) => {
      const loading = await watchLoading(page, request);
      await routeFirstMenuRequest(page, fail);
      await page.goto(PAY);
      await expect(productChoices(page, t)).toBeVisible();
      expect(loading.beforeModules()[0], 'the failed request was the early one').toBe('menu requested');
      expect(loading.menuRequests()).toBe(2);
    });
  }

  test('a 404: the machine is not found, and nothing is asked again', async ({ page, request }) => {
    const loading = await watchLoading(page, request);
    await routeFirstMenuRequest(page, (route) => route.fulfill({ status: 404, json: { message: 'no machine' } }));
    await page.goto(PAY);
    await expect(page.getByRole('alert')).toHaveText(
      new RegExp(
        `^${[t.machine.notRecognised, t.machine.checkCode, t.machine.notFound].map(escapeRegExp).join('\\s*')}`,
      ),
    );
    expect(loading.beforeModules()[0]).toBe('menu requested');
    expect(loading.menuRequests()).toBe(1);
  });

  test('invalid JSON: the message with Try again, which asks afresh', async ({ page, request }) => {
    const loading = await watchLoading(page, request);
    await routeFirstMenuRequest(page, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"products": [' }),
    );
    await page.goto(PAY);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(t.machine.unavailable);
    expect(loading.beforeModules()[0]).toBe('menu requested');
    expect(loading.menuRequests()).toBe(1);
    await alert.getByRole('button', { name: t.machine.retry }).click();
    await expect(productChoices(page, t)).toBeVisible();
    expect(loading.menuRequests()).toBe(2);
  });
});

test.describe('a slow early request', () => {
  test('still on its way when the page starts: the menu skeleton, then its answer; nothing asked twice', async ({
    page,
    request,
  }) => {
    const loading = await watchLoading(page, request);
    const { held, release } = hold();
    await routeFirstMenuRequest(page, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(PAY);
    await expect(page.getByTestId('menu-skeleton').getByRole('status')).toHaveText(t.app.loading);
    release();
    await expect(productChoices(page, t)).toBeVisible();
    expect(loading.beforeModules()[0]).toBe('menu requested');
    expect(loading.menuRequests()).toBe(1);
  });

  test('unanswered past the client’s timeout: the message with Try again, which asks afresh', async ({
    page,
    request,
  }) => {
    // The client waits 15 s (src/api/client.ts) before it gives up, as it does on its own requests.
    test.setTimeout(90_000);
    const loading = await watchLoading(page, request);
    const { held, release: giveUp } = hold();
    await routeFirstMenuRequest(page, async (route) => {
      await held;
      await route.abort('timedout').catch(() => undefined);
    });
    try {
      await page.goto(PAY);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(t.machine.unavailable, { timeout: 45_000 });
      expect(loading.menuRequests()).toBe(1);
      await alert.getByRole('button', { name: t.machine.retry }).click();
      await expect(productChoices(page, t)).toBeVisible();
      expect(loading.menuRequests()).toBe(2);
    } finally {
      giveUp();
    }
  });
});
