#!/usr/bin/env node
// `npm test`: every check, in order, each an npm script of its own; stops at the first step that fails, and
// prints how long each stage took (also when one failed), so a slow CI says where its time went.
import { spawn } from 'node:child_process';

/**
 * The steps, cheapest and most telling first: a type error fails in seconds, not after the browsers. The
 * stages of a step run side by side: the type checker and ESLint each keep one core busy.
 */
const STEPS = [
  ['typecheck', 'lint'],
  ['test:unit'],
  ['visualize:check'],
  ['build:e2e'],
  ['test:size'],
  ['test:scripts'],
  ['test:e2e'],
  ['test:prod'],
  ['test:engines'],
];

const minutes = (ms) => `${(ms / 60_000).toFixed(1).padStart(5)} min`;

/** Runs one npm script; answers whether it passed and how long it took. */
function runStage(stage) {
  const began = Date.now();
  return new Promise((resolve) => {
    spawn('npm', ['run', stage], { stdio: 'inherit' }).on('close', (code) =>
      resolve({ stage, passed: code === 0, ms: Date.now() - began }),
    );
  });
}

const timings = [];
const failed = [];
const start = Date.now();
for (const step of STEPS) {
  console.log(`\n▶ npm run ${step.join(' & npm run ')}`);
  const results = await Promise.all(step.map(runStage));
  timings.push(...results);
  failed.push(...results.filter(({ passed }) => !passed).map(({ stage }) => stage));
  if (failed.length > 0) break;
}

console.log('\nnpm test, time per stage:');
for (const { stage, ms } of timings) {
  const together = STEPS.find((step) => step.includes(stage)).length > 1 ? '  (side by side)' : '';
  console.log(`  ${stage.padEnd(16)}${minutes(ms)}${together}`);
}
console.log(`  ${'total'.padEnd(16)}${minutes(Date.now() - start)}`);
if (failed.length > 0) {
  console.error(`\nnpm test failed at: ${failed.map((stage) => `npm run ${stage}`).join(', ')}`);
  process.exit(1);
}
