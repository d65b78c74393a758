#!/usr/bin/env node
// `npm test`: every check, each an npm script of its own; stops everything at the first stage that fails, and
// prints how long each stage took (also when one failed), so a slow CI says where its time went.
import { spawn } from 'node:child_process';
import { interruptGroup } from './process-groups.mjs';

/**
 * Two lanes that start together, because no single stage keeps both cores busy all the time (the type
 * checker and ESLint use one each, the browsers and the engines wait on pages): Vitest fills what the main
 * lane leaves. The main lane's steps run in order, cheapest and most telling first, so a type error fails in
 * seconds, not after the browsers; the stages of one step run side by side. The main lane's first stage of
 * each step prints as it runs; every other stage prints its output when it ends.
 */
const MAIN_LANE = [
  ['typecheck', 'lint'],
  ['visualize:check'],
  ['build:e2e'],
  ['test:size'],
  ['test:scripts'],
  ['test:e2e'],
  ['test:prod', 'test:engines'],
];
const SIDE_LANE = [['test:unit']];

/** Every stage running now, each the leader of its process group. */
const running = new Set();
const stopped = new Set();
let failed = false;
/** How long a stopped stage has to clean up (Playwright stops its web server) before it is killed. */
const STOP_GRACE_MS = 15_000;
/** A failure stops every other stage, with all it started (browsers, servers); resolves once they have closed. */
function stopAll() {
  return Promise.all(
    [...running].map((child) => {
      stopped.add(child);
      return interruptGroup(child, STOP_GRACE_MS);
    }),
  );
}
// Ctrl-C or a stopped CI job reaches this process only: the stages' groups are stopped with it.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    // Once the stages have closed; at the latest soon after the grace period, whatever still holds their output.
    setTimeout(() => process.exit(1), STOP_GRACE_MS + 5000).unref();
    void stopAll().finally(() => process.exit(1));
  });

const timings = [];
const minutes = (ms) => `${(ms / 60_000).toFixed(1).padStart(5)} min`;

/** Runs one npm script, live or with its output held until it ends, in a process group of its own. */
function runStage(stage, live) {
  const began = Date.now();
  const child = spawn('npm', ['run', stage], { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  const held = [];
  child.stdout?.on('data', (chunk) => held.push(chunk));
  child.stderr?.on('data', (chunk) => held.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      running.delete(child);
      if (!live) process.stdout.write(`\n── output of npm run ${stage} ──\n${Buffer.concat(held).toString()}`);
      const result = { stage, passed: code === 0, stopped: stopped.has(child), ms: Date.now() - began };
      timings.push(result);
      if (!result.passed && !result.stopped) {
        failed = true;
        // The lanes wait for the stopped stages' own ends.
        void stopAll();
      }
      resolve();
    });
  });
}

/** Runs a lane's steps in order, each step's stages side by side, until a stage anywhere fails. */
async function runLane(steps, live) {
  for (const step of steps) {
    if (failed) return;
    if (live) console.log(`\n▶ npm run ${step.join(' & npm run ')}`);
    await Promise.all(step.map((stage, index) => runStage(stage, live && index === 0)));
  }
}

const start = Date.now();
console.log(`\n▶ npm run ${SIDE_LANE.flat().join(', ')}, beside the steps below (its output when it ends)`);
await Promise.all([runLane(MAIN_LANE, true), runLane(SIDE_LANE, false)]);

console.log('\nnpm test, time per stage (in the order they ended):');
for (const { stage, ms, passed, stopped: wasStopped } of timings) {
  const outcome = wasStopped ? ', stopped' : passed ? '' : ', FAILED';
  console.log(`  ${stage.padEnd(16)}${minutes(ms)}${outcome}`);
}
console.log(`  ${'total'.padEnd(16)}${minutes(Date.now() - start)}`);
if (failed) {
  const failures = timings.filter(({ passed, stopped: wasStopped }) => !passed && !wasStopped);
  console.error(`\nnpm test failed at: ${failures.map(({ stage }) => `npm run ${stage}`).join(', ')}`);
  process.exit(1);
}
