/**
 * requirements.md §2 "Other routes": the accessibility statement, the refund and cancellation policy, contact,
 * the operators' /test and /debug_vars pages, and the welcome heading on any other path; en and he.
 */
import type { Page } from '@playwright/test';
import infoEn from '../../locales/info/en.json' with { type: 'json' };
import infoHe from '../../locales/info/he.json' with { type: 'json' };
import { SPEC_POLICY_FIGURES, SPEC_POLICY_SECTIONS } from '../fixtures/policy';
import {
  API_ORIGIN,
  DEFAULT_SUPPORT_PHONE,
  escapeRegExp,
  expect,
  expectDocumentLanguage,
  fill,
  forEachLanguage,
  inEnglish,
  openMachine,
  telHref,
  test,
  TEXTS,
  type Lang,
} from './fixtures';

const INFO = { en: infoEn, he: infoHe } satisfies Record<Lang, typeof infoEn>;
const FIGURES = Object.fromEntries(Object.entries(SPEC_POLICY_FIGURES).map(([name, value]) => [name, String(value)]));

/** Opens an information page and waits for its h1. */
async function openInfo(page: Page, lang: Lang, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expectDocumentLanguage(page, lang);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} – PayPoint`);
}

const storedBaseHost = (page: Page) => page.evaluate(() => localStorage.getItem('base_host'));

/** The value shown for a name on /debug_vars (a <dt> and its <dd>). */
const debugValue = (page: Page, name: string) =>
  page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${escapeRegExp(name)}$`) })
    .locator('xpath=following-sibling::dd[1]');

inEnglish('information pages', (lang, t) => {
  const info = INFO[lang];

  test('/accessibility: the statement, its sections and how to report a problem', async ({ page }) => {
    await openInfo(page, lang, '/accessibility', info.accessibility.title);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      info.accessibility.commitment.heading,
      info.accessibility.standard.heading,
      info.accessibility.features.heading,
      info.accessibility.limitations.heading,
      info.accessibility.report.heading,
      info.accessibility.updated.heading,
    ]);
    await expect(main).toContainText('WCAG');
    await expect(main).toContainText('5568');
    await expect(main.getByRole('link', { name: 'support@paypoint.example' })).toHaveAttribute(
      'href',
      'mailto:support@paypoint.example',
    );
    await expect(main.getByRole('link', { name: info.contact.call })).toHaveAttribute(
      'href',
      telHref(DEFAULT_SUPPORT_PHONE),
    );
    await expect(page.getByRole('img', { name: 'PayPoint' })).toBeVisible();
  });

  test('/contact: company, technician phone (tel:), support e-mail (mailto:) and website', async ({ page }) => {
    await openInfo(page, lang, '/contact', info.contact.title);
    const main = page.getByRole('main');
    await expect(main).toContainText('PayPoint Ltd.');
    const call = main.getByRole('link', { name: `${info.contact.call} ${DEFAULT_SUPPORT_PHONE}` });
    await expect(call).toHaveAttribute('href', telHref(DEFAULT_SUPPORT_PHONE));
    await expect(main.getByRole('link', { name: 'support@paypoint.example' })).toHaveAttribute(
      'href',
      'mailto:support@paypoint.example',
    );
    await expect(main.getByRole('link', { name: 'www.paypoint.example' })).toHaveAttribute(
      'href',
      'https://www.paypoint.example/',
    );
  });

  for (const [link, path, title] of [
    [t.footer.refund, '/refund-and-cancellation', info.policy.title],
    [t.footer.accessibility, '/accessibility', info.accessibility.title],
    [t.footer.contact, '/contact', info.contact.title],
  ] as const) {
    test(`the footer of /pay leads to ${path}`, async ({ page }) => {
      await openMachine(page, lang, 1001);
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(title);
      await expectDocumentLanguage(page, lang);
    });
  }

  test('/test: the sandbox signs both links when asked (with their expiry); an edit drops them; a bad amount gives none; the signed link is accepted', async ({
    page,
    baseURL,
  }) => {
    await openInfo(page, lang, '/test', info.test.title);
    const origin = new URL(baseURL ?? '').origin;
    const back = `${origin}/test`;
    const iframeLink = page.getByRole('link', { name: info.test.customPaymentIframe, exact: true });
    const intendLink = page.getByRole('link', { name: info.test.genPaymentIntend, exact: true });
    const sign = page.getByRole('button', { name: info.test.sign });
    await expect(iframeLink).toHaveCount(0);
    await sign.click();

    const href = new URL((await iframeLink.getAttribute('href')) ?? '');
    expect(href.origin + href.pathname).toBe(`${origin}/customPaymentIframe`);
    // The sandbox adds the expiry (10 minutes) and the signature after the form's values.
    const signedNames = ['expires', 'signature'];
    expect([...href.searchParams].filter(([name]) => !signedNames.includes(name))).toEqual([
      ['totalPrice', '10.00'],
      ['currency', 'ILS'],
      ['info', 'Test payment'],
      ['machineId', '1001'],
      ['successReturnUrl', back],
      ['failuresReturnUrl', back],
      ['isDeferredPayment', 'false'],
    ]);
    const expiresIn = Number(href.searchParams.get('expires')) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(540);
    expect(expiresIn).toBeLessThanOrEqual(600);
    expect(href.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    await expect(page.getByText(href.href, { exact: true })).toBeVisible();
    const intend = new URL((await intendLink.getAttribute('href')) ?? '');
    expect(intend.pathname).toBe('/genPaymentIntend');
    expect([...intend.searchParams].filter(([name]) => !signedNames.includes(name))).toEqual([
      ['machine_id', '1001'],
      ['amount', '10.00'],
      ['info', 'Test payment'],
      ['success_url', back],
      ['failure_url', back],
    ]);

    await page.getByRole('textbox', { name: info.test.machineId }).fill('1006');
    await page.getByRole('textbox', { name: info.test.amount }).fill('2,5');
    await expect(iframeLink).toHaveCount(0);
    await sign.click();
    await expect(iframeLink).toHaveAttribute('href', /totalPrice=2\.50&.*machineId=1006&/);

    const amount = page.getByRole('textbox', { name: info.test.amount });
    await amount.fill('1.234');
    await expect(page.getByText(info.errors.tooManyDecimals)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(iframeLink).toHaveCount(0);
    await expect(page.getByText(info.test.noLinks)).toBeVisible();

    // The operator accepts the signed link: get_iframe answers and the browser is sent to the payment page.
    await amount.fill('3');
    await sign.click();
    await intendLink.click();
    await expect(page).toHaveURL((url) => url.pathname === '/customPaymentIframe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test payment');
  });

  test('/debug_vars: an invalid base host shows the error; a saved one persists and is used from the next load', async ({
    page,
    baseURL,
  }) => {
    // The build's API host: the sandbox's API origin when the build has one, else (VITE_API_BASE_URL empty) this origin.
    const origin = API_ORIGIN || new URL(baseURL ?? '').origin;
    await openInfo(page, lang, '/debug_vars', info.debugVars.title);
    const inUse = debugValue(page, info.debugVars.inUse);
    await expect(inUse).toHaveText(origin);
    await expect(debugValue(page, 'language')).toHaveText(lang); // the cookie
    await expect(debugValue(page, info.debugVars.language)).toHaveText(lang);
    await expect(debugValue(page, info.debugVars.direction)).toHaveText(lang === 'he' ? 'rtl' : 'ltr');

    const field = page.getByRole('textbox', { name: info.debugVars.baseHost });
    const save = page.getByRole('button', { name: info.debugVars.save, exact: true });
    await field.fill('api.example.com');
    await save.click();
    await expect(page.getByText(info.errors.notUrl)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await storedBaseHost(page)).toBeNull();

    await field.fill('https://staging.example.com/');
    await save.click();
    await expect(page.getByRole('status')).toHaveText(
      fill(info.debugVars.saved, { host: 'https://staging.example.com' }),
    );
    expect(await storedBaseHost(page)).toBe('https://staging.example.com');
    await expect(inUse).toHaveText(origin); // the API client was made when the page loaded

    await page.reload();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(info.debugVars.title);
    await expect(inUse).toHaveText('https://staging.example.com');
    await expect(field).toHaveValue('https://staging.example.com');

    await page.getByRole('button', { name: info.debugVars.useDefault, exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(info.debugVars.defaultRestored);
    expect(await storedBaseHost(page)).toBeNull();
    await page.reload();
    await expect(inUse).toHaveText(origin);
  });

  test('any other path, however deep, shows the welcome heading', async ({ page }) => {
    for (const path of ['/nothing-here', '/no/such/deep/path', '/pay/extra/parts/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.app.welcome);
      await expectDocumentLanguage(page, lang);
    }
  });
});

// The flow's journey in Hebrew too (right to left); the rest of the group is English only.
forEachLanguage('information pages', (lang, t) => {
  const info = INFO[lang];
  const other: Lang = lang === 'en' ? 'he' : 'en';

  test('/refund-and-cancellation: the 14 sections in order, the contents, and the 24 / 13 / 18 figures', async ({
    page,
  }) => {
    await openInfo(page, lang, '/refund-and-cancellation', info.policy.title);
    const main = page.getByRole('main');
    const headings = SPEC_POLICY_SECTIONS.map((section) => info.policy.sections[section].heading);
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(headings);

    const paragraph = (section: (typeof SPEC_POLICY_SECTIONS)[number], index: number) =>
      fill(info.policy.sections[section].body.split('\n')[index] ?? '', FIGURES);
    // Refunds begin processing within 24 hours of the operator's refund request.
    await expect(main.getByText(paragraph('refund-process', 2), { exact: true })).toBeVisible();
    expect(paragraph('refund-process', 2)).toContain('24');
    // Services for users of 13 or older (or with a parent's permission); card use may be limited to over 18.
    await expect(main.getByText(paragraph('children', 0), { exact: true })).toBeVisible();
    await expect(main.getByText(paragraph('children', 1), { exact: true })).toBeVisible();
    expect(paragraph('children', 0)).toContain('13');
    expect(paragraph('children', 1)).toContain('18');
    await expect(main).not.toContainText('{{');

    const contents = page.getByRole('navigation', { name: info.policy.contents });
    await expect(contents.getByRole('link')).toHaveText(headings);
    await contents.getByRole('link', { name: info.policy.sections.children.heading }).click();
    await expect(page).toHaveURL(/#children$/);
    await expect(main.getByRole('heading', { level: 2, name: info.policy.sections.children.heading })).toBeInViewport();
  });

  test(`the language choice switches an information page to ${TEXTS[other].language.names[other]} and remembers it`, async ({
    page,
    context,
  }) => {
    await openInfo(page, lang, '/contact', info.contact.title);
    await page.getByRole('combobox', { name: t.language.label }).selectOption(other);
    await expectDocumentLanguage(page, other);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(INFO[other].contact.title);
    await expect(page).toHaveTitle(`${INFO[other].contact.title} – PayPoint`);
    expect((await context.cookies()).find((cookie) => cookie.name === 'language')?.value).toBe(other);
  });
});
