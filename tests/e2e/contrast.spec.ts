/**
 * WCAG 2.2 contrast, measured in the browser (axe checks text only, never a control's boundary or the
 * focus ring): every visible text at least 4.5:1 (1.4.3), and every control's boundary, the focus ring
 * and the dimmed Continue at least 3:1 against what is around them (1.4.11). Colours come from
 * getComputedStyle and are composited, with every opacity, over the backgrounds up the tree.
 */
import type { Page } from '@playwright/test';
import {
  card,
  continueButton,
  drawer,
  expect,
  failureHeading,
  fillHostedFields,
  forEachLanguage,
  hostedField,
  type Lang,
  linePrice,
  linkPath,
  methodContinue,
  openMachine,
  openPayment,
  payAmountButton,
  product,
  startMethod,
  successHeading,
  test,
  TEST_CARDS,
  type Texts,
} from './fixtures';
import { vacuumPath } from '../fixtures/machine-pages';

const TEXT_MINIMUM = 4.5;
const NON_TEXT_MINIMUM = 3;

/**
 * The controls whose edge a visitor must see: fields, option cards, radio marks, keys, buttons. A native
 * radio's ring is drawn by the browser (Chromium's #767676, 4.5:1), out of CSS's reach; its card is measured.
 */
const CONTROLS =
  'input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea, .button, .keypad__key, .product-card, .method, .choice-check, ' +
  '.hosted-field, .station-choice, .language-buttons__toggle, .language-buttons__button, .stepper__button';

interface Finding {
  kind: 'text' | 'boundary' | 'focus ring';
  element: string;
  ratio: number;
}

/** Runs in the page: every contrast below its minimum inside `rootSelector`. */
function measure({
  rootSelector,
  controls,
  textMinimum,
  nonTextMinimum,
}: {
  rootSelector: string;
  controls: string;
  textMinimum: number;
  nonTextMinimum: number;
}): Finding[] {
  type Rgba = [number, number, number, number];
  const WHITE: Rgba = [255, 255, 255, 1];
  const parse = (value: string): Rgba => {
    const parts = (value.match(/[\d.]+%?/g) ?? []).map((part) =>
      part.endsWith('%') ? Number(part.slice(0, -1)) / 100 : Number(part),
    );
    const [red = 0, green = 0, blue = 0, alpha = 1] = parts;
    return value.startsWith('rgb') ? [red, green, blue, alpha] : [0, 0, 0, 0];
  };
  const over = (top: Rgba, base: Rgba): Rgba => {
    const alpha = top[3];
    return [0, 1, 2].map((i) => (top[i] ?? 0) * alpha + (base[i] ?? 0) * (1 - alpha)).concat(1) as Rgba;
  };
  const mix = (inner: Rgba, base: Rgba, opacity: number): Rgba => over([inner[0], inner[1], inner[2], opacity], base);
  // WCAG 2.2 relative luminance and contrast ratio.
  const channel = (value: number) => {
    const srgb = value / 255;
    return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([red, green, blue]: Rgba) =>
    0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
  const ratio = (one: Rgba, two: Rgba) => {
    const [light, dark] = [luminance(one), luminance(two)].sort((a, b) => b - a) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  };
  const chainOf = (element: Element): Element[] => {
    const chain: Element[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) chain.unshift(node);
    return chain;
  };
  /**
   * The colour on screen where `paint` is drawn on the last element of `chain` (its own background
   * skipped when `ownBackground` is false, as under its border); each opacity blends its subtree.
   */
  const composite = (chain: Element[], paint: Rgba | null, ownBackground: boolean, index = 0, base = WHITE): Rgba => {
    const node = chain[index];
    if (!node) return paint ? over(paint, base) : base;
    const style = getComputedStyle(node);
    const last = index === chain.length - 1;
    const background = last && !ownBackground ? base : over(parse(style.backgroundColor), base);
    const inner = composite(chain, paint, ownBackground, index + 1, background);
    return mix(inner, base, Number(style.opacity));
  };
  const name = (element: Element) =>
    `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> "${element.textContent.trim().slice(0, 40)}"`;
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && element.checkVisibility({ visibilityProperty: true });
  };
  const root = document.querySelector(rootSelector);
  if (!root) return [{ kind: 'text', element: `no ${rootSelector}`, ratio: 0 }];
  const findings: Finding[] = [];
  const record = (kind: Finding['kind'], element: Element, value: number, minimum: number) => {
    if (value < minimum) findings.push({ kind, element: name(element), ratio: Math.round(value * 100) / 100 });
  };

  for (const element of [root, ...root.querySelectorAll('*')]) {
    const hasText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    );
    if (!hasText || !shown(element)) continue;
    const chain = chainOf(element);
    const text = composite(chain, parse(getComputedStyle(element).color), true);
    record('text', element, ratio(text, composite(chain, null, true)), textMinimum);
  }

  for (const control of root.querySelectorAll(controls)) {
    const style = getComputedStyle(control);
    if (!shown(control) || Number(style.opacity) === 0) continue;
    const chain = chainOf(control);
    const around = composite(chain.slice(0, -1), null, true);
    const fill = ratio(composite(chain, null, true), around);
    const border =
      parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== 'none'
        ? ratio(composite(chain, parse(style.borderTopColor), false), around)
        : 1;
    record('boundary', control, Math.max(fill, border), nonTextMinimum);
  }
  return findings;
}

/** Contrast of the focus ring on the element that has keyboard focus now (its outline, or its card's). */
function measureFocusRing(nonTextMinimum: number): Finding[] {
  type Rgba = [number, number, number];
  const parse = (value: string): Rgba => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number) as Rgba;
  const channel = (value: number) => {
    const srgb = value / 255;
    return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([red, green, blue]: Rgba) =>
    0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused.tagName === 'IFRAME') return [];
  let ringed: Element | null = focused;
  for (let depth = 0; ringed && depth < 4; depth += 1, ringed = ringed.parentElement) {
    const style = getComputedStyle(ringed);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) break;
  }
  const label = `<${focused.tagName.toLowerCase()} class="${focused.getAttribute('class') ?? ''}"> "${(focused.textContent || (focused.getAttribute('aria-label') ?? '')).trim().slice(0, 40)}"`;
  if (!ringed) return [{ kind: 'focus ring', element: `${label} (none)`, ratio: 0 }];
  // The ring sits outside the element (outline-offset), on its parent's opaque background.
  let behind: Element | null = ringed.parentElement;
  while (behind && /rgba\(.*, 0\)$/.test(getComputedStyle(behind).backgroundColor)) behind = behind.parentElement;
  const background = behind ? parse(getComputedStyle(behind).backgroundColor) : ([255, 255, 255] as Rgba);
  const [light, dark] = [luminance(parse(getComputedStyle(ringed).outlineColor)), luminance(background)].sort(
    (a, b) => b - a,
  ) as [number, number];
  const value = (light + 0.05) / (dark + 0.05);
  return value < nonTextMinimum ? [{ kind: 'focus ring', element: label, ratio: Math.round(value * 100) / 100 }] : [];
}

/** Every figure below its minimum in `rootSelector`, the focus ring included on the first `tabs` stops. */
async function contrastFindings(page: Page, rootSelector: string, tabs = 8): Promise<Finding[]> {
  const findings = await page.evaluate(measure, {
    rootSelector,
    controls: CONTROLS,
    textMinimum: TEXT_MINIMUM,
    nonTextMinimum: NON_TEXT_MINIMUM,
  });
  for (let stop = 0; stop < tabs; stop += 1) {
    await page.keyboard.press('Tab');
    findings.push(...(await page.evaluate(measureFocusRing, NON_TEXT_MINIMUM)));
  }
  return findings;
}

const SHEET = '[role=dialog] .drawer__sheet, .drawer__sheet';

async function expectReadable(page: Page, rootSelector: string): Promise<void> {
  expect(await contrastFindings(page, rootSelector)).toEqual([]);
}

forEachLanguage('contrast', (lang: Lang, t: Texts) => {
  const cola = product(1001, 101);

  test('the product list (LIST 1001) and a GRID with the dimmed Continue (1003)', async ({ page }) => {
    await openMachine(page, lang, 1001);
    await expectReadable(page, 'body');
    await openMachine(page, lang, 1003);
    await expect(continueButton(page, t)).toHaveAttribute('aria-disabled', 'true');
    await expectReadable(page, 'body');
  });

  test('the method list in the drawer, its Continue dimmed until a method is chosen', async ({ page }) => {
    await openPayment(page, lang, 1001);
    await expect(methodContinue(page, t)).toBeVisible();
    await expectReadable(page, SHEET);
  });

  test('the amount keypad (PRICE_INPUT 1006)', async ({ page }) => {
    await openMachine(page, lang, 1006);
    await expectReadable(page, 'body');
  });

  test('the vacuum page (1008)', async ({ page }) => {
    // Within its opening hours (the catalogue's), whatever the hour the test runs at.
    await page.clock.setFixedTime(new Date(2031, 2, 10, 10, 0));
    await page.goto(vacuumPath(1008));
    await expect(continueButton(page, t)).toBeVisible();
    await expectReadable(page, 'body');
  });

  test('the payment link page', async ({ page }) => {
    await page.goto(linkPath());
    await expect(continueButton(page, t)).toBeVisible();
    await expectReadable(page, 'body');
  });

  for (const outcome of ['success', 'failure'] as const) {
    test(`the ${outcome} page`, async ({ page }) => {
      await openPayment(page, lang, 1001);
      await startMethod(page, t, 'credit_card');
      await expect(hostedField(page, 'number')).toBeEditable();
      await expectReadable(page, SHEET);
      await fillHostedFields(page, card(outcome === 'success' ? TEST_CARDS.approved : TEST_CARDS.declined));
      await payAmountButton(page, t, linePrice(cola)).click();
      await expect((outcome === 'success' ? successHeading : failureHeading)(page, t)).toBeVisible();
      await expect(drawer(page, t)).toBeVisible();
      await expectReadable(page, SHEET);
    });
  }
});
