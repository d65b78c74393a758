// npm run test:mutation [-- <stryker options, e.g. --mutate 'src/api/**/*.ts'>]
// Runs StrykerJS (stryker.config.mjs), which writes reports/mutation/mutation.{json,html}, then prints as
// its last line the mutation score of each folder, e.g. {"machines":93.1,"src/api":85,"src/payments":81.2,"minutes":14.2}.
// Score = Stryker's "mutation score": (killed + timeout) / (killed + timeout + survived + no coverage);
// compile and runtime errors and ignored mutants do not count. Exits 1 below 90 (machines/) or 80 (the others).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const REPORT = 'reports/mutation/mutation.json';
const THRESHOLDS = { machines: 90, 'src/api': 80, 'src/payments': 80 };

const started = Date.now();
const run = spawnSync('npx', ['stryker', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
const minutes = Math.round((Date.now() - started) / 6000) / 10;
if (run.status !== 0) {
  console.error(`stryker exited with ${String(run.status ?? run.signal)}`);
  process.exit(1);
}

const report = JSON.parse(readFileSync(REPORT, 'utf8'));
const counts = {};
for (const [file, { mutants }] of Object.entries(report.files)) {
  const folder = Object.keys(THRESHOLDS).find((name) => file.replaceAll('\\', '/').startsWith(`${name}/`));
  if (!folder) continue;
  counts[folder] ??= { detected: 0, valid: 0 };
  for (const { status } of mutants) {
    if (status === 'Killed' || status === 'Timeout') counts[folder].detected += 1;
    if (['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(status)) counts[folder].valid += 1;
  }
}

const scores = {};
let failed = false;
for (const [folder, threshold] of Object.entries(THRESHOLDS)) {
  const c = counts[folder];
  if (!c || c.valid === 0) continue;
  scores[folder] = Math.round((1000 * c.detected) / c.valid) / 10;
  if (scores[folder] < threshold) {
    console.error(`${folder}: mutation score ${scores[folder]} % is under ${threshold} %`);
    failed = true;
  }
}
console.log(JSON.stringify({ ...scores, minutes }));
process.exit(failed ? 1 : 0);
