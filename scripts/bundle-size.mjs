#!/usr/bin/env node
// Measures the initial JavaScript of /pay from the last build's manifest (dist/.vite/manifest.json):
// - "entry": index.html's script and everything it preloads (its static imports) — the figure the
//   140 KB budget applies to (issue "Fast on a cheap phone": "the entry and everything it preloads");
// - "route": the /pay route's code-split chunks, fetched right after the entry starts;
// - their sum, all the JavaScript fetched before the product list is interactive.
// Usage: node scripts/bundle-size.mjs [--max KB] [--json]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const args = process.argv.slice(2);
const maxIndex = args.indexOf('--max');
const maxKB = maxIndex >= 0 ? Number(args[maxIndex + 1]) : undefined;

/** The JS files a manifest entry needs, with its static imports. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const gzipKB = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const round = (kb) => Math.round(kb * 10) / 10;
const sizeOf = (files) =>
  round([...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipKB(file), 0));

const entry = closure(['index.html']);
const payRouteKeys = Object.keys(manifest).filter((key) => key.startsWith('src/routes/pay.tsx'));
if (payRouteKeys.length === 0) throw new Error('no chunk for src/routes/pay.tsx in the manifest');
const route = new Set([...closure(payRouteKeys)].filter((file) => !entry.has(file)));

const figures = { initialJsGzipKB: sizeOf(entry), payRouteGzipKB: sizeOf(route) };
figures.beforeInteractiveGzipKB = round(figures.initialJsGzipKB + figures.payRouteGzipKB);

if (args.includes('--json')) {
  console.log(JSON.stringify(figures));
} else {
  const list = (files) =>
    [...files]
      .filter((file) => file.endsWith('.js'))
      .map((file) => `      ${gzipKB(file).toFixed(1).padStart(6)} KB  ${file}`)
      .join('\n');
  console.log(`entry and what it preloads:\n${list(entry)}`);
  console.log(`/pay route chunks:\n${list(route)}`);
  console.log(
    `${figures.initialJsGzipKB.toFixed(1).padStart(7)} KB  initial JS of /pay (gzip)${maxKB ? `, budget ${maxKB} KB` : ''}`,
  );
  console.log(`${figures.payRouteGzipKB.toFixed(1).padStart(7)} KB  /pay route chunks (gzip)`);
  console.log(
    `${figures.beforeInteractiveGzipKB.toFixed(1).padStart(7)} KB  all JS before the product list is interactive (gzip)`,
  );
}
if (maxKB !== undefined && figures.initialJsGzipKB > maxKB) {
  console.error(
    `Initial JS of /pay is ${figures.initialJsGzipKB} KB gzip, over the ${maxKB} KB budget (DESIGN.md §9).`,
  );
  process.exit(1);
}
