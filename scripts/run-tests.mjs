#!/usr/bin/env node
// `npm test`: every check, each an npm script of its own; stops at the first step that fails, and prints how
// long each stage took (also when one failed), so a slow CI says where its time went.
import { spawn } from 'node:child_process';

/**
 * The steps, cheapest and most telling first: a type error fails in seconds, not after the browsers. The
 * stages of a step run side by side, because none of them keeps both cores busy all the time: the type
 * checker and ESLint use one each, and Vitest's and the browsers' waits leave room for each other. A
 * step's first stage prints as it runs; the others print their output when they end.
 */
const STEPS = [
  ['typecheck', 'lint'],
  ['visualize:check'],
  ['build:e2e'],
  ['test:size'],
  ['test:scripts'],
  ['test:e2e', 'test:unit'],
  ['test:prod', 'test:engines'],
];

/** Every stage running now, each the leader of its process group. */
const everyRunning = new Set();
const stopGroup = (child) => {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // The group has already gone.
  }
};
// Ctrl-C or a stopped CI job reaches this process only: the stages' groups are stopped with it.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of everyRunning) stopGroup(child);
    process.exit(1);
  });

const minutes = (ms) => `${(ms / 60_000).toFixed(1).padStart(5)} min`;

/**
 * Runs one npm script, live or with its output held until it ends; answers whether it passed, whether a
 * sibling's failure stopped it, and its time.
 */
function runStage(stage, live, step) {
  const began = Date.now();
  // A process group of its own, so that stopping a stage stops everything it started (browsers, servers).
  const child = spawn('npm', ['run', stage], { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], detached: true });
  everyRunning.add(child);
  step.running.add(child);
  const held = [];
  child.stdout?.on('data', (chunk) => held.push(chunk));
  child.stderr?.on('data', (chunk) => held.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      step.running.delete(child);
      everyRunning.delete(child);
      if (!live) process.stdout.write(`\n── output of npm run ${stage} ──\n${Buffer.concat(held).toString()}`);
      resolve({ stage, passed: code === 0, stopped: step.stopped.has(child), ms: Date.now() - began });
    });
  });
}

/** Runs a step's stages side by side; the first to fail stops the others. */
async function runStep(stages) {
  const step = { running: new Set(), stopped: new Set() };
  return Promise.all(
    stages.map(async (stage, index) => {
      const result = await runStage(stage, index === 0, step);
      if (!result.passed)
        for (const child of step.running) {
          step.stopped.add(child);
          stopGroup(child);
        }
      return result;
    }),
  );
}

const timings = [];
const start = Date.now();
let failed = [];
for (const step of STEPS) {
  console.log(`\n▶ npm run ${step.join(' & npm run ')}`);
  const results = await runStep(step);
  timings.push(...results);
  failed = results.filter(({ passed, stopped }) => !passed && !stopped).map(({ stage }) => stage);
  if (results.some(({ passed }) => !passed)) break;
}

console.log('\nnpm test, time per stage:');
for (const { stage, ms, stopped } of timings) {
  const together = STEPS.find((step) => step.includes(stage)).length > 1 ? '  (side by side)' : '';
  console.log(`  ${stage.padEnd(16)}${minutes(ms)}${together}${stopped ? ', stopped' : ''}`);
}
console.log(`  ${'total'.padEnd(16)}${minutes(Date.now() - start)}`);
if (timings.some(({ passed }) => !passed)) {
  console.error(`\nnpm test failed at: ${failed.map((stage) => `npm run ${stage}`).join(', ')}`);
  process.exit(1);
}
