/**
 * Page-side finders for the engine smoke tests. Each is serialised and run in the page, so it may use
 * only its arguments and the page's globals (no imports, no helpers from outside its body).
 */

/**
 * The first shown element matching `selector` inside an element matching `scope` whose text (spaces
 * collapsed) or aria-label is exactly `text`.
 */
export function byText(scope: string, selector: string, text: string): Element | null {
  for (const root of document.querySelectorAll(scope))
    for (const element of root.querySelectorAll(selector)) {
      if (element.getClientRects().length === 0) continue;
      const content = element.textContent.replace(/\s+/g, ' ').trim();
      if (content === text || element.getAttribute('aria-label') === text) return element;
    }
  return null;
}

/** The shown element matching `selector` (the first). */
export function shown(selector: string): Element | null {
  for (const element of document.querySelectorAll(selector)) if (element.getClientRects().length > 0) return element;
  return null;
}

/** The input a shown <label> with exactly this text labels. */
export function labelled(text: string): HTMLInputElement | null {
  for (const label of document.querySelectorAll('label')) {
    if (label.getClientRects().length === 0 || label.textContent.trim() !== text) continue;
    const input = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input');
    if (input instanceof HTMLInputElement) return input;
  }
  return null;
}

/** What a visitor sees of the input a label names: its value, its direction and its left padding (px). */
export function fieldState(text: string): { value: string; direction: string; paddingLeft: number } | null {
  for (const label of document.querySelectorAll('label')) {
    if (label.getClientRects().length === 0 || label.textContent.trim() !== text) continue;
    const input = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input');
    if (!(input instanceof HTMLInputElement)) continue;
    const style = getComputedStyle(input);
    return { value: input.value, direction: style.direction, paddingLeft: parseFloat(style.paddingLeft) };
  }
  return null;
}

/** The visible text of the page (or of the shown elements matching `scope`), spaces collapsed. */
export function textOf(scope: string): string {
  return [...document.querySelectorAll(scope)]
    .filter((element) => element.getClientRects().length > 0)
    .map((element) => (element instanceof HTMLElement ? element.innerText : element.textContent))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
