#!/usr/bin/env node
// The mutation run's summary, committed where its reports are not: reports/mutation/summary.md, one row a
// folder (mutants that count, killed, timed out, survived, without coverage, score), from a Stryker report
// (the mutation-testing-report schema: reports/mutation/mutation.json, or the incremental record).
// scripts/mutation.mjs writes it after every run; `node scripts/mutation-summary.mjs [report.json]` writes it
// from a report at hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUMMARY = 'reports/mutation/summary.md';
const COUNTED = ['Killed', 'Timeout', 'Survived', 'NoCoverage'];

/** No mutant counted yet: a count per status that enters the score. */
export const emptyCounts = () => Object.fromEntries(COUNTED.map((status) => [status, 0]));

/** Adds mutants to counts, by status (compile and runtime errors, ignored mutants do not count). */
export function tally(counts, mutants) {
  for (const { status } of mutants) if (status in counts) counts[status] += 1;
  return counts;
}

/** Counts by folder: each mutated file's folder, with its mutants' statuses. */
export function countByFolder(report) {
  const folders = new Map();
  for (const [path, { mutants }] of Object.entries(report.files)) {
    const folder = dirname(path.replaceAll('\\', '/'));
    folders.set(folder, tally(folders.get(folder) ?? emptyCounts(), mutants));
  }
  return new Map([...folders].sort(([a], [b]) => a.localeCompare(b)));
}

/** Stryker's mutation score: (killed + timed out) / (killed + timed out + survived + no coverage). */
export const score = (counts) => {
  const valid = COUNTED.reduce((sum, status) => sum + counts[status], 0);
  return valid === 0 ? undefined : Math.round((1000 * (counts.Killed + counts.Timeout)) / valid) / 10;
};

export function summaryMarkdown(report, source) {
  const rows = [...countByFolder(report)].map(([folder, counts]) => {
    const valid = COUNTED.reduce((sum, status) => sum + counts[status], 0);
    const cells = [valid, counts.Killed, counts.Timeout, counts.Survived, counts.NoCoverage];
    return `| \`${folder}\` | ${cells.join(' | ')} | ${String(score(counts) ?? '–')} % |`;
  });
  return [
    '# Mutation testing: the latest scores by folder',
    '',
    `Written by \`scripts/mutation-summary.mjs\` from \`${source}\`. The survivors found equivalent are`,
    'listed with their reasons in [docs/testing.md](../../docs/testing.md#surviving-mutants-that-are-equivalent).',
    '',
    '| folder | mutants | killed | timed out | survived | no coverage | score |',
    '| ------ | ------: | -----: | --------: | -------: | ----------: | ----: |',
    ...rows,
    '',
  ].join('\n');
}

export function writeSummary(reportFile) {
  writeFileSync(SUMMARY, summaryMarkdown(JSON.parse(readFileSync(reportFile, 'utf8')), reportFile));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeSummary(process.argv[2] ?? 'reports/mutation/mutation.json');
  console.log(`wrote ${SUMMARY}`);
}
