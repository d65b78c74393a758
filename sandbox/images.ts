/** Image names the sandbox draws: letters, digits, '-' and '_' (so the label needs no escaping). */
export const IMAGE_NAME = /^[\w-]+$/;

/** A product picture stand-in: a rounded rectangle with the name, its colour derived from the name. */
export function placeholderSvg(name: string): string {
  const hue = Array.from(name).reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 360, 0);
  const label = name.replace(/[-_]+/g, ' ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="180" viewBox="0 0 240 180" role="img" aria-label="${label}">`,
    `<rect width="240" height="180" rx="16" fill="hsl(${hue}, 55%, 42%)"/>`,
    `<text x="120" y="98" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">${label}</text>`,
    '</svg>',
  ].join('');
}
