import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MARKS_DIR = fileURLToPath(new URL('../src/assets/marks/', import.meta.url));
const MODULE_ID = 'virtual:payment-marks';
const RESOLVED_ID = `\0${MODULE_ID}`;
/** Where `npm run dev` serves the file; a build emits it among the assets, named by its hash. */
const DEV_PATH = '/@payment-marks.svg';

export interface MarkFile {
  /** The file's name without `.svg`: the mark's view in the joined file (`payment-marks.svg#visa`). */
  id: string;
  svg: string;
}

/** Sums of the files' 0.01-unit sizes, without binary fractions' tails (0.1 + 0.2). */
const hundredths = (value: number) => Math.round(value * 100) / 100;

const ROOT = /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="([\d. ]+)">([\s\S]*)<\/svg>$/;

/**
 * The marks as one SVG: each file's artwork, untouched, moved into a place of its own (a translated group),
 * and a <view> there with the file's size under the file's name, which an <img> shows by its fragment. The
 * page then builds one SVG document for all of its marks instead of one per mark (docs/performance.md). Each
 * mark has empty space around it as wide as its own longest side, so that a box of another proportion, which
 * shows more than the view (`meet`), shows no neighbour. Ids are prefixed with the mark's, so two files may
 * use the same one.
 */
export function joinMarks(marks: readonly MarkFile[]): string {
  const views: string[] = [];
  const artwork: string[] = [];
  let top = 0;
  for (const { id, svg } of marks) {
    const [, viewBox = '', inner = ''] = ROOT.exec(svg.trim()) ?? [];
    const [x = NaN, y = NaN, width = NaN, height = NaN] = viewBox.split(' ').map(Number);
    if (!viewBox || [x, y, width, height].some(Number.isNaN) || x !== 0 || y !== 0)
      throw new Error(`${id}.svg: the root must be <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 w h">`);
    if (/(?:href="|url\()(?!#)/.test(inner)) throw new Error(`${id}.svg refers to something outside the file`);
    const clearance = Math.max(width, height);
    top = hundredths(top + clearance);
    const local = inner.replace(/\b(id="|href="#|url\(#)([\w-]+)/g, `$1${id}-$2`);
    views.push(`<view id="${id}" viewBox="${clearance} ${top} ${width} ${height}"/>`);
    artwork.push(`<g transform="translate(${clearance} ${top})">${local}</g>`);
    top = hundredths(top + height);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">${views.join('')}${artwork.join('')}</svg>\n`;
}

/** src/assets/marks/*.svg, in file-name order (the joined file's, so its hash changes only with the artwork). */
export function readMarks(): MarkFile[] {
  return readdirSync(MARKS_DIR)
    .filter((file) => file.endsWith('.svg'))
    .sort()
    .map((file) => ({ id: basename(file, '.svg'), svg: readFileSync(join(MARKS_DIR, file), 'utf8') }));
}

/**
 * `import marks from 'virtual:payment-marks'`: the address of src/assets/marks/*.svg joined into one file
 * (joinMarks). A build emits it as an asset (`payment-marks-[hash].svg`, never inlined, so no JS carries it);
 * `npm run dev` serves it at DEV_PATH, rebuilt on every request.
 */
export function paymentMarks(): Plugin {
  let building = false;
  return {
    name: 'payment-marks',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const marks = readMarks();
      for (const { id: mark } of marks) this.addWatchFile(join(MARKS_DIR, `${mark}.svg`));
      if (!building) return `export default ${JSON.stringify(DEV_PATH)};`;
      const reference = this.emitFile({ type: 'asset', name: 'payment-marks.svg', source: joinMarks(marks) });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_request, response) => {
        response.setHeader('content-type', 'image/svg+xml');
        response.end(joinMarks(readMarks()));
      });
    },
  };
}
