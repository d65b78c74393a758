/**
 * Redirect targets (return URLs, payment and iframe URLs) are followed only when they are absolute
 * http or https addresses (DESIGN §10): never javascript:, data: or a relative path.
 */
export function isWebAddress(text: string | undefined): text is string {
  if (text === undefined) return false;
  try {
    const { protocol } = new URL(text);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
