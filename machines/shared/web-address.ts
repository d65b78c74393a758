/**
 * The address the text spells, or undefined when it is none. `URL.parse` does this only from Safari 18
 * and Chrome 126, newer than the browser floor (package.json's browserslist): the constructor is older.
 */
export function parseUrl(text: string | undefined): URL | undefined {
  if (text === undefined) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Why a text is not an absolute http(s) address. */
export type HttpUrlProblem = 'empty' | 'notUrl' | 'notHttp';

export type HttpUrlCheck = { ok: true; url: URL } | { ok: false; problem: HttpUrlProblem };

/**
 * An absolute http or https address, written in full (`https://host...`). The URL parser alone is
 * lenient with these schemes (`https:host` parses), so the `//` is required as well.
 */
export function checkHttpUrl(text: string): HttpUrlCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  const url = parseUrl(trimmed);
  if (!url) return { ok: false, problem: 'notUrl' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'notHttp' };
  // The parser refuses an http(s) address without a host, so one that passes always has a hostname.
  if (!/^https?:\/\/[^/?#]/i.test(trimmed)) return { ok: false, problem: 'notUrl' };
  return { ok: true, url };
}

/**
 * Redirect targets (return URLs, payment and iframe URLs) are followed only when they are absolute
 * http or https addresses (design.md §10): never javascript:, data: or a relative path.
 */
export function isWebAddress(text: string | undefined): text is string {
  return text !== undefined && checkHttpUrl(text).ok;
}
