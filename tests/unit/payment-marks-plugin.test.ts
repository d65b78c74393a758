/**
 * scripts/payment-marks-plugin.ts: what the join refuses, and two files' ids kept apart. That each view draws
 * what its own file draws is checked in a browser (tests/e2e/payment-marks.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { joinMarks } from '../../scripts/payment-marks-plugin';

const XMLNS = 'xmlns="http://www.w3.org/2000/svg"';
const gradientMark = (colour: string) =>
  `<svg ${XMLNS} viewBox="0 0 48 30"><defs><linearGradient id="b"><stop stop-color="${colour}"/></linearGradient></defs><rect width="48" height="30" fill="url(#b)"/></svg>`;

describe('joinMarks', () => {
  it('gives each file its own ids, and each reference its own file’s', () => {
    const joined = joinMarks([
      { id: 'red', svg: gradientMark('#f00') },
      { id: 'blue', svg: gradientMark('#00f') },
    ]);
    expect(joined).toContain('<linearGradient id="red-b"><stop stop-color="#f00"/>');
    expect(joined).toContain('<linearGradient id="blue-b"><stop stop-color="#00f"/>');
    expect(joined).toContain('fill="url(#red-b)"');
    expect(joined).toContain('fill="url(#blue-b)"');
    expect(joined).not.toContain('id="b"');
  });

  it('names one view per file, each as large as its file’s viewBox', () => {
    const joined = joinMarks([
      { id: 'card', svg: `<svg ${XMLNS} viewBox="0 0 48 30"><rect width="48" height="30"/></svg>` },
      { id: 'pill', svg: `<svg ${XMLNS} viewBox="0 0 752 400"><rect width="752" height="400"/></svg>` },
    ]);
    const views = [...joined.matchAll(/<view id="(\w+)" viewBox="[\d.]+ [\d.]+ ([\d.]+ [\d.]+)"\/>/g)];
    expect(views.map(([, id, size]) => [id, size])).toEqual([
      ['card', '48 30'],
      ['pill', '752 400'],
    ]);
  });

  it.each([
    ['a size of its own', `<svg ${XMLNS} width="48" height="30" viewBox="0 0 48 30"/>`],
    ['a viewBox away from the origin', `<svg ${XMLNS} viewBox="2 0 48 30"></svg>`],
    ['no viewBox', `<svg ${XMLNS}></svg>`],
    ['a reference to another file', `<svg ${XMLNS} viewBox="0 0 48 30"><use href="other.svg#b"/></svg>`],
    ['an image from elsewhere', `<svg ${XMLNS} viewBox="0 0 48 30"><rect fill="url(other.svg#b)"/></svg>`],
  ])('refuses a file with %s', (_, svg) => {
    expect(() => joinMarks([{ id: 'mark', svg }])).toThrow(/mark\.svg/);
  });
});
