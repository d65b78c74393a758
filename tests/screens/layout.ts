/**
 * The layout check every pictured screen passes, so that a checkout looks finished on the smallest phone: a sheet's
 * sticky bar (its Continue, Pay, Try again …) has a surface of its own, nothing shows through it, and once the
 * sheet is scrolled to its end no text or control lies under it (the body ends above the bar; before the end,
 * what is still to come scrolls under the bar, as on any phone); and no visible text or control lies outside the
 * viewport. `npm run screenshots` runs it on each picture, in four languages at both widths; the accessibility
 * suite (tests/e2e/axe.spec.ts) runs it in CI on the same screens at both widths.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import { VIEWPORTS, type ShotViewport } from './shots';

/**
 * Runs `check` on the smallest phone and today's common one (VIEWPORTS): the page is resized to each and looked at
 * once it has laid out again, then given back its own size for the journey to go on. One journey, both phones.
 */
export async function onEachPhone(page: Page, check: (viewport: ShotViewport) => Promise<void>): Promise<void> {
  const own = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await test.step(`at ${String(viewport.width)}×${String(viewport.height)}`, async () => {
      await page.setViewportSize(viewport);
      await page.evaluate(() => new Promise((laidOut) => requestAnimationFrame(() => requestAnimationFrame(laidOut))));
      await check(viewport);
    });
  }
  if (own) await page.setViewportSize(own);
}

/** What the check found on a screen, one line per piece of text or control, in words a designer reads. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    /** Less than this is rounding (sub-pixel layout), not an overlap. */
    const SLACK = 1;
    const problems: string[] = [];

    const isShown = (element: Element) => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    /**
     * The part of `rect` left once every box that clips its overflow has cut it, from `first` up (a text's own
     * element clips it, as a visually hidden label does); null when nothing is left.
     */
    const clipped = (first: Element | null, rect: DOMRect): DOMRect | null => {
      let { left, top, right, bottom } = rect;
      for (let box = first; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const edge = box.getBoundingClientRect();
        if (style.overflowX !== 'visible') [left, right] = [Math.max(left, edge.left), Math.min(right, edge.right)];
        if (style.overflowY !== 'visible') [top, bottom] = [Math.max(top, edge.top), Math.min(bottom, edge.bottom)];
      }
      return right - left > SLACK && bottom - top > SLACK ? new DOMRect(left, top, right - left, bottom - top) : null;
    };
    /** Fixed content (the sheet and all in it) cannot be scrolled to: it must be inside the viewport. */
    const inFixedLayer = (element: Element) => {
      for (let box: Element | null = element; box; box = box.parentElement)
        if (getComputedStyle(box).position === 'fixed') return true;
      return false;
    };
    const stickyBarOf = (element: Element | null) => {
      for (let box = element; box; box = box.parentElement)
        if (getComputedStyle(box).position === 'sticky' && box.getBoundingClientRect().height > 0) return box;
      return null;
    };
    const describe = (element: Element, text: string) =>
      `${element.tagName.toLowerCase()}${element.classList.length > 0 ? `.${element.classList[0] ?? ''}` : ''} "${text.trim().slice(0, 40)}"`;

    const check = (owner: Element, text: string, rects: Iterable<DOMRect>, clipsFrom: Element | null) => {
      // Only a sheet's stage must end above its bar; a page's own bar has the page scroll under it.
      const inSheet = owner.closest('[role="dialog"], [role="alertdialog"]') !== null;
      for (const rect of rects) {
        const seen = clipped(clipsFrom, rect);
        if (!seen) continue;
        if (seen.left < -SLACK || seen.right > width + SLACK)
          problems.push(
            `${describe(owner, text)} runs outside the viewport's width (${Math.round(seen.left)}–${Math.round(seen.right)} of ${width} px)`,
          );
        if (inFixedLayer(owner) && (seen.top < -SLACK || seen.bottom > height + SLACK))
          problems.push(
            `${describe(owner, text)} runs outside the viewport's height (${Math.round(seen.top)}–${Math.round(seen.bottom)} of ${height} px)`,
          );
        // Under a sticky bar: the bar, not the text, is what a tap or an eye meets at the text's middle.
        const x = Math.min(Math.max(seen.left + seen.width / 2, 0), width - 1);
        const y = Math.min(Math.max(seen.top + seen.height / 2, 0), height - 1);
        const bar = inSheet ? stickyBarOf(document.elementFromPoint(x, y)) : null;
        if (bar && !bar.contains(owner))
          problems.push(`${describe(owner, text)} lies under the sticky ${describe(bar, bar.textContent)}`);
      }
    };

    // A sheet's sticky bars: each on a surface that hides what scrolls under it, and each sheet scrolled to its
    // end, where nothing may be left under its bar; the scroll is given back afterwards.
    const bars = [...document.querySelectorAll('[role="dialog"] *, [role="alertdialog"] *')].filter(
      (element) => getComputedStyle(element).position === 'sticky' && element.getBoundingClientRect().height > 0,
    );
    for (const bar of bars) {
      const style = getComputedStyle(bar);
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(style.backgroundColor)?.[1];
      if (style.backgroundImage !== 'none' || (alpha !== undefined && Number(alpha) < 1))
        problems.push(`the sticky ${describe(bar, bar.textContent)} is see-through: what scrolls under it shows`);
    }
    const scrolled = bars.flatMap((bar) => {
      for (let box = bar.parentElement; box; box = box.parentElement) {
        if (!/auto|scroll/.test(getComputedStyle(box).overflowY)) continue;
        // A bar stuck short of its scroller's foot leaves a strip where the text scrolling by shows below it.
        const gap = box.getBoundingClientRect().bottom - bar.getBoundingClientRect().bottom;
        if (gap > SLACK)
          problems.push(
            `the sticky ${describe(bar, bar.textContent)} stops ${Math.round(gap)} px above its sheet's foot`,
          );
        const { scrollTop } = box;
        box.scrollTo({ top: box.scrollHeight, behavior: 'instant' });
        return [() => box.scrollTo({ top: scrollTop, behavior: 'instant' })];
      }
      return [];
    });

    // Each line of visible text, by its own boxes (a wrapped line is judged where it is).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement;
      if (
        !owner ||
        !node.textContent?.trim() ||
        !isShown(owner) ||
        owner.closest('[aria-hidden="true"], script, style')
      )
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      check(owner, node.textContent, range.getClientRects(), owner);
    }
    // Each control, text or not (a field, a checkbox, a button with a picture).
    for (const control of document.querySelectorAll('button, input, select, textarea, a[href], [role="button"]')) {
      if (!isShown(control) || control.closest('[aria-hidden="true"]')) continue;
      const rect = control.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0)
        check(control, control.getAttribute('aria-label') ?? control.textContent, [rect], control.parentElement);
    }
    for (const giveBack of scrolled) giveBack();
    return [...new Set(problems)];
  });
}

/** The screen's layout holds; soft, so that a journey's later screens are still checked. */
export async function expectLaidOut(page: Page, screen: string): Promise<void> {
  expect
    .soft(await layoutProblems(page), `layout of ${screen} at ${String(page.viewportSize()?.width)} px`)
    .toEqual([]);
}
