#!/usr/bin/env node
// Measures the initial JavaScript of /pay from a build's manifest (<dist>/.vite/manifest.json):
// - "entry": index.html's script and everything it preloads (its static imports) — the figure the
//   140 KB budget applies to (issue "Fast on a cheap phone": "the entry and everything it preloads");
// - "route": the /pay route's code-split chunks, which index.html's early script (src/early-menu.ts) preloads
//   on /pay alongside the entry;
// - their sum, all the JavaScript fetched before the product list is interactive.
// Usage: node scripts/bundle-size.mjs [--dist DIR] [--max KB] [--json]   (DIR defaults to the repo's dist/)
// scripts/bench.mjs imports measureInitialJs() for its own build.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const round = (kb) => Math.round(kb * 10) / 10;

/** The /pay figures of the build in `dist`, with the gzip size of each file they count. */
export function measureInitialJs(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

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
  const listed = (files) =>
    [...files].filter((file) => file.endsWith('.js')).map((file) => ({ file, gzipKB: gzipKB(file) }));
  const sizeOf = (files) => round(files.reduce((sum, file) => sum + file.gzipKB, 0));

  const entry = listed(closure(['index.html']));
  const payRouteKeys = Object.keys(manifest).filter((key) => key.startsWith('src/routes/pay.tsx'));
  if (payRouteKeys.length === 0) throw new Error('no chunk for src/routes/pay.tsx in the manifest');
  const entryFiles = new Set(entry.map(({ file }) => file));
  const route = listed([...closure(payRouteKeys)].filter((file) => !entryFiles.has(file)));

  const figures = { initialJsGzipKB: sizeOf(entry), payRouteGzipKB: sizeOf(route) };
  figures.beforeInteractiveGzipKB = round(figures.initialJsGzipKB + figures.payRouteGzipKB);
  return { figures, entry, route };
}

function main(args) {
  const option = (name) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const dist = option('--dist')
    ? resolve(option('--dist'))
    : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const maxKB = option('--max') === undefined ? undefined : Number(option('--max'));
  const { figures, entry, route } = measureInitialJs(dist);

  if (args.includes('--json')) {
    console.log(JSON.stringify(figures));
  } else {
    const list = (files) =>
      files.map(({ file, gzipKB }) => `      ${gzipKB.toFixed(1).padStart(6)} KB  ${file}`).join('\n');
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
      `Initial JS of /pay is ${figures.initialJsGzipKB} KB gzip, over the ${maxKB} KB budget (design.md §9).`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
