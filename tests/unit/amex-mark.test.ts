/**
 * design.md §5.4: every payment mark reads at the 24 CSS px it is shown at. American Express's full Blue Box
 * (its name cut out in letters under 2 px tall at that size) did not; its compact form, "AMEX" across the blue
 * box, does: letters at least 8 px tall at 24 px, white on Amex blue at text contrast (4.5:1).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const svg = readFileSync(resolve(import.meta.dirname, '../../src/assets/marks/amex.svg'), 'utf8');
const SHOWN_HEIGHT_PX = 24;

const luminance = (hex: string) => {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('the American Express mark', () => {
  const viewBoxHeight = Number(/viewBox="0 0 \d+ (\d+)"/.exec(svg)?.[1]);
  const box = /<rect[^>]*fill="(#[0-9A-Fa-f]{6})"/.exec(svg)?.[1];
  const letters = /<path[^>]*stroke="(#[0-9A-Fa-f]{6}|#FFF)"[^>]*d="([^"]+)"/.exec(svg);

  it('is the blue box with the letters drawn on it, in Amex blue and white', () => {
    expect(box).toBe('#006FCF');
    expect(letters?.[1]).toBe('#FFF');
  });

  it('has letters at least 8 px tall where it is shown 24 px high', () => {
    // The letters' top and foot: the y of the path's absolute moves (M), from 9.5 to 20.5 of 30.
    const ys = [...(letters?.[2] ?? '').matchAll(/M[\d.]+ ([\d.]+)/g)].map((move) => Number(move[1]));
    const lettersHeight = Math.max(...ys) - Math.min(...ys);
    expect(lettersHeight).toBe(11);
    expect((lettersHeight / viewBoxHeight) * SHOWN_HEIGHT_PX).toBeGreaterThanOrEqual(8);
  });

  it('has white letters on its box at 4.5:1 or more (so the box on a white page passes 3:1 too)', () => {
    expect(contrast('#FFFFFF', box ?? '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });
});
