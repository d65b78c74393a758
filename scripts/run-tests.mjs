#!/usr/bin/env node
// `npm test`: every check, in order, each an npm script of its own; stops at the first that fails, and
// prints how long each stage took (also when one failed), so a slow CI says where its time went.
import { spawnSync } from 'node:child_process';

/** The stages, cheapest and most telling first: a type error fails in seconds, not after the browsers. */
const STAGES = [
  'typecheck',
  'lint',
  'test:unit',
  'visualize:check',
  'build:e2e',
  'test:size',
  'test:scripts',
  'test:e2e',
  'test:prod',
  'test:engines',
];

const minutes = (ms) => `${(ms / 60_000).toFixed(1).padStart(5)} min`;
const timings = [];
let failed;
const start = Date.now();
for (const stage of STAGES) {
  const began = Date.now();
  console.log(`\n▶ npm run ${stage}`);
  const { status } = spawnSync('npm', ['run', stage], { stdio: 'inherit' });
  timings.push([stage, Date.now() - began]);
  if (status !== 0) {
    failed = stage;
    break;
  }
}

console.log('\nnpm test, time per stage:');
for (const [stage, ms] of timings) console.log(`  ${stage.padEnd(16)}${minutes(ms)}`);
console.log(`  ${'total'.padEnd(16)}${minutes(Date.now() - start)}`);
if (failed) {
  console.error(`\nnpm test failed at: npm run ${failed}`);
  process.exit(1);
}
