/**
 * design.md §10.9: the browser floor (package.json's browserslist: Safari 15.4, Chrome 100). Chromium here is
 * newer, so before any script of the page runs, every API the floor's engines lack is taken away, and
 * the journeys that move money must still end in one charge, with nothing thrown. Each entry names the
 * first Safari and Chrome that have it (MDN's compatibility tables).
 */
import type { Page } from '@playwright/test';
import {
  BIT_PAGE,
  card,
  continueButton,
  continueToPayment,
  drawer,
  drawerButton,
  expect,
  expectCharges,
  fillHostedPage,
  inEnglish,
  hostedPageFrame,
  hostedPagePayButton,
  linePrice,
  linkPath,
  openPayment,
  product,
  sheetButton,
  startMethod,
  successHeading,
  test,
  TEST_CARDS,
  walletButton,
  watchPageErrors,
} from './fixtures';

/** `owner.member`, as written in the page, taken away: Safari / Chrome versions that first have it. */
const NEWER_THAN_THE_FLOOR = [
  'URL.parse', // Safari 18, Chrome 126
  'URL.canParse', // Safari 17, Chrome 120
  'AbortSignal.any', // Safari 17.4, Chrome 116
  'AbortSignal.timeout', // Safari 16, Chrome 103
  'Promise.withResolvers', // Safari 17.4, Chrome 119
  'Object.groupBy', // Safari 17.4, Chrome 117
  'Map.groupBy', // Safari 17.4, Chrome 117
  'Array.fromAsync', // Safari 16.4, Chrome 121
  'Response.json', // Safari 17, Chrome 105
  'Array.prototype.toSorted', // Safari 16, Chrome 110
  'Array.prototype.toReversed', // Safari 16, Chrome 110
  'Array.prototype.toSpliced', // Safari 16, Chrome 110
  'Array.prototype.with', // Safari 16, Chrome 110
  'String.prototype.isWellFormed', // Safari 16.4, Chrome 111
  'String.prototype.toWellFormed', // Safari 16.4, Chrome 111
  'Set.prototype.union', // Safari 17, Chrome 122
  'Set.prototype.intersection', // Safari 17, Chrome 122
  'Set.prototype.difference', // Safari 17, Chrome 122
  'Element.prototype.checkVisibility', // Safari 17.4, Chrome 105
  'HTMLElement.prototype.showPopover', // Safari 17, Chrome 114
  'HTMLElement.prototype.inert', // Safari 15.5, Chrome 102
  'Navigator.prototype.userActivation', // Safari 16.4, Chrome 72
  // Iterator helpers: Safari 18.4, Chrome 122.
  ...['map', 'filter', 'take', 'drop', 'flatMap', 'reduce', 'toArray', 'forEach', 'some', 'every', 'find'].map(
    (helper) => `Iterator.prototype.${helper}`,
  ),
  'Iterator.from',
  'requestIdleCallback', // no Safari at all
  'scheduler', // no Safari at all
];

/** Runs in the page before its own scripts: deletes each member, so feature checks see it absent. */
function takeAway(names: readonly string[]): void {
  for (const name of names) {
    const path = name.split('.');
    const member = path.pop() ?? '';
    const owner = path.reduce<object | undefined>(
      (object, key) => (object ? (Reflect.get(object, key) as object | undefined) : undefined),
      globalThis,
    );
    if (owner) Reflect.deleteProperty(owner, member);
  }
}

/** The page as an older phone's engine sees it, and every error it throws. */
async function asAnOlderPhone(page: Page): Promise<string[]> {
  await page.addInitScript(takeAway, NEWER_THAN_THE_FLOOR);
  return watchPageErrors(page);
}

const cola = product(1001, 101);
const chocolate = product(1002, 204);

inEnglish('on an older phone (APIs newer than the floor taken away)', (lang, t) => {
  test('/pay: the APIs are gone, and Google Pay pays once; nothing thrown', async ({ page, request }) => {
    const errors = await asAnOlderPhone(page);
    const sessionId = await openPayment(page, lang, 1001);
    expect(
      await page.evaluate(() => [
        typeof URL.parse,
        typeof AbortSignal.any,
        typeof ([] as unknown as { toSorted?: unknown }).toSorted,
      ]),
      'the init script took the APIs away',
    ).toEqual(['undefined', 'undefined', 'undefined']);
    await startMethod(page, t, 'google_pay');
    await walletButton(page, t, 'google_pay').click();
    await sheetButton(page, 'Google Pay', 'Approve').click();
    await expect(successHeading(page, t)).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'google_pay', status: 'approved', amount: linePrice(cola) }]);
    expect(errors).toEqual([]);
  });

  test("the page behind the drawer is out of reach without `inert`: WICG's polyfill hides it, and gives it back", async ({
    page,
  }) => {
    const errors = await asAnOlderPhone(page);
    await openPayment(page, lang, 1001);
    // The polyfill's marks, which Chromium's own inert (still at work underneath) never makes: hidden from
    // screen readers, out of the Tab order.
    const behind = page.locator('.purchase');
    await expect(behind).toHaveAttribute('inert', '');
    await expect(behind).toHaveAttribute('aria-hidden', 'true');
    await expect(behind.locator('button').last()).toHaveAttribute('tabindex', '-1');

    await drawerButton(page, t, t.drawer.close).click();
    await expect(drawer(page, t)).toHaveCount(0);
    await expect(behind).not.toHaveAttribute('aria-hidden', /.*/);
    await expect(continueButton(page, t)).not.toHaveAttribute('tabindex', /.*/);
    expect(errors).toEqual([]);
  });

  test("Hyp's page, its 3-D Secure breaking out of the frame: payment-return.js carries the payer back, one charge; nothing thrown", async ({
    page,
    request,
  }) => {
    const errors = await asAnOlderPhone(page);
    const sessionId = await openPayment(page, lang, 1002, [chocolate.name], 'checkbox');
    await startMethod(page, t, 'credit_card');
    await fillHostedPage(page, t, card(TEST_CARDS.threeDSecure));
    await hostedPagePayButton(page, t, linePrice(chocolate)).click();
    const frame = hostedPageFrame(page, t);
    await expect(frame.getByRole('heading', { name: '3-D Secure' })).toBeVisible();
    // This issuer's page leaves the merchant's frame: the app's return page then loads at the top level.
    await frame.locator('form').evaluate((form: HTMLFormElement) => (form.target = '_top'));
    const topLevelReturn = page.waitForRequest(
      (sent) => sent.isNavigationRequest() && new URL(sent.url()).pathname === '/payment-return.html',
    );
    await frame.getByRole('button', { name: 'Complete', exact: true }).click();
    await topLevelReturn;

    await expect(successHeading(page, t)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/pay');
    await expectCharges(request, sessionId, [
      { method: 'yaad_sarig', status: 'approved', amount: linePrice(chocolate) },
    ]);
    expect(errors).toEqual([]);
  });

  test('a payment link: Bit, away and back, pays once; nothing thrown', async ({ page, request }) => {
    const errors = await asAnOlderPhone(page);
    await page.goto(linkPath());
    const sessionId = await continueToPayment(page, t);
    await startMethod(page, t, 'bit');
    await expect(page).toHaveURL((url) => url.pathname === BIT_PAGE);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(successHeading(page, t)).toBeVisible();
    await expectCharges(request, sessionId, [{ method: 'bit', status: 'approved', amount: 7.5 }]);
    expect(errors).toEqual([]);
  });
});
