#!/usr/bin/env node
// Measures the initial JavaScript of /pay: the entry, everything it imports statically, and the
// /pay route's code-split chunks with their static imports — all the browser must fetch before the
// product list is interactive (DESIGN.md §9). Reads dist/.vite/manifest.json from the last build.
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

const chunks = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || chunks.has(chunk.file)) return;
  chunks.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
const payRoute = Object.keys(manifest).filter((key) => key.startsWith('src/routes/pay.tsx'));
if (payRoute.length === 0) throw new Error('no chunk for src/routes/pay.tsx in the manifest');
payRoute.forEach(collect);

const rows = [...chunks]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, gzipKB: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024 }))
  .sort((a, b) => b.gzipKB - a.gzipKB);
const totalKB = Math.round(rows.reduce((sum, row) => sum + row.gzipKB, 0) * 10) / 10;

if (args.includes('--json')) {
  console.log(JSON.stringify({ initialJsGzipKB: totalKB, chunks: rows.map((row) => row.file) }));
} else {
  for (const row of rows) console.log(`${row.gzipKB.toFixed(1).padStart(7)} KB  ${row.file}`);
  console.log(`${totalKB.toFixed(1).padStart(7)} KB  initial JS of /pay (gzip)${maxKB ? `, budget ${maxKB} KB` : ''}`);
}
if (maxKB !== undefined && totalKB > maxKB) {
  console.error(`Initial JS of /pay is ${totalKB} KB gzip, over the ${maxKB} KB budget (DESIGN.md §9).`);
  process.exit(1);
}
