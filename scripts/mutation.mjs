// npm run test:mutation [-- <stryker options, e.g. --mutate 'src/api/**/*.ts'>]
// npm run test:mutation -- --charts [splash purchase …]: each chart file machines/**/<name>.machine.ts in
// turn (all of them without names), against its own tests only: MUTATION_TESTS (vitest.mutation.config.ts)
// is tests/{unit,paths}/{*<name>*,default-actors}.test.ts. A chart's mutants are static (its configuration is
// built at import), so each reruns every related test; the chart's own tests keep that to minutes.
// Runs StrykerJS (stryker.config.mjs), which writes reports/mutation/mutation.{json,html}, writes the committed
// summary by folder (reports/mutation/summary.md, scripts/mutation-summary.mjs), then prints as
// its last line the mutation score of each folder, and of the chart files and the other files of machines/
// apart, e.g. {"machines":93.1,"machines charts":94,"machines helpers":91.2,"src/api":85,"src/payments":81.2,
// "src/actors":100,"src/lib":97.5,"minutes":14.2}.
// Score = Stryker's "mutation score": (killed + timeout) / (killed + timeout + survived + no coverage);
// compile and runtime errors and ignored mutants do not count. Exits 1 below 90 (machines/, src/actors/, src/lib/)
// or 80 (src/api/, src/payments/).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { emptyCounts, score, SUMMARY, tally, writeSummary } from './mutation-summary.mjs';

const REPORT = 'reports/mutation/mutation.json';
const THRESHOLDS = { machines: 90, 'src/api': 80, 'src/payments': 80, 'src/actors': 90, 'src/lib': 90 };
const CHART = /\.machine\.ts$/;
/** The score groups: each folder, and machines/ split into its chart files and the rest. */
const GROUPS = {
  machines: (file) => file.startsWith('machines/'),
  'machines charts': (file) => file.startsWith('machines/') && CHART.test(file),
  'machines helpers': (file) => file.startsWith('machines/') && !CHART.test(file),
  'src/api': (file) => file.startsWith('src/api/'),
  'src/payments': (file) => file.startsWith('src/payments/'),
  'src/actors': (file) => file.startsWith('src/actors/'),
  'src/lib': (file) => file.startsWith('src/lib/'),
};

const stryker = (args, env = {}) =>
  spawnSync('npx', ['stryker', 'run', ...args], { stdio: 'inherit', env: { ...process.env, ...env } }).status;

function runCharts(names, strykerArgs) {
  const charts = readdirSync('machines', { recursive: true })
    .map((path) => `machines/${String(path).replaceAll('\\', '/')}`)
    .filter((file) => CHART.test(file))
    .filter((file) => names.length === 0 || names.includes(basename(file, '.machine.ts')))
    .sort();
  if (charts.length === 0) throw new Error(`no chart file named ${names.join(', ')}`);
  for (const file of charts) {
    const name = basename(file, '.machine.ts');
    const started = Date.now();
    const status = stryker(['--mutate', file, ...strykerArgs], {
      MUTATION_TESTS: `tests/{unit,paths}/{*${name}*,default-actors}.test.ts`,
    });
    console.log(`${file}: ${Math.round((Date.now() - started) / 1000)} s`);
    if (status !== 0) return status;
  }
  return 0;
}

const started = Date.now();
const args = process.argv.slice(2);
const chartsAt = args.indexOf('--charts');
let status;
if (chartsAt === -1) status = stryker(args);
else {
  const rest = args.slice(chartsAt + 1);
  const firstOption = rest.findIndex((arg) => arg.startsWith('-'));
  const names = firstOption === -1 ? rest : rest.slice(0, firstOption);
  status = runCharts(names, [...args.slice(0, chartsAt), ...(firstOption === -1 ? [] : rest.slice(firstOption))]);
}
const minutes = Math.round((Date.now() - started) / 6000) / 10;
if (status !== 0) {
  console.error(`stryker exited with ${String(status)}`);
  process.exit(1);
}

writeSummary(REPORT);
console.log(`wrote ${SUMMARY}`);
const report = JSON.parse(readFileSync(REPORT, 'utf8'));
const counts = {};
for (const [path, { mutants }] of Object.entries(report.files)) {
  const file = path.replaceAll('\\', '/');
  for (const [group, contains] of Object.entries(GROUPS)) {
    if (!contains(file)) continue;
    counts[group] = tally(counts[group] ?? emptyCounts(), mutants);
  }
}

const scores = {};
let failed = false;
for (const group of Object.keys(GROUPS)) {
  const c = counts[group];
  const groupScore = c && score(c);
  if (groupScore === undefined) continue;
  scores[group] = groupScore;
  const threshold = THRESHOLDS[group];
  if (threshold !== undefined && scores[group] < threshold) {
    console.error(`${group}: mutation score ${scores[group]} % is under ${threshold} %`);
    failed = true;
  }
}
console.log(JSON.stringify({ ...scores, minutes }));
process.exit(failed ? 1 : 0);
