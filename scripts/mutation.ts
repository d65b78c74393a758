// npm run test:mutation: the full run. Runs StrykerJS (stryker.config.mjs) with --force, so every mutant is
// tested by this run (the incremental record would carry earlier runs' results over), then writes the
// committed summary reports/mutation/summary.md from this run's reports/mutation/mutation.json
// (scripts/mutation-summary.ts: commit, dirty or not, date, command, duration, scores by group, folder, file)
// and prints as its last line the score of each group, e.g. {"machines":93.1,"machines charts":94,
// "machines helpers":91.2,"src/api":85,"src/payments":81.2,"src/actors":100,"src/lib":97.5,"minutes":41.2}.
// npm run test:mutation -- <stryker options, e.g. --mutate 'src/api/**/*.ts'>: a run narrowed by --mutate
// (or by MUTATION_TESTS) is partial; its summary goes to reports/mutation/partial/summary.md (not committed).
// npm run test:mutation -- --charts [splash purchase …]: each chart file machines/**/<name>.machine.ts in
// turn (all of them without names), against its own tests only: MUTATION_TESTS (vitest.mutation.config.ts)
// is tests/{unit,paths}/{*<name>*,default-actors}.test.ts. A chart's mutants are static (its configuration is
// built at import), so each reruns every related test; the chart's own tests keep that to minutes. Each chart's
// run writes its own summary, reports/mutation/partial/<name>.md.
// Exits 1 when Stryker fails or a group is under its threshold (THRESHOLDS in scripts/mutation-summary.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { minimatch } from 'minimatch';
import { belowThreshold, groupScores, type MutationReport, type RunFacts, summaryMarkdown } from './mutation-summary';

const REPORT = 'reports/mutation/mutation.json';
const SUMMARY = 'reports/mutation/summary.md';
const PARTIAL = 'reports/mutation/partial';
const CHART = /\.machine\.ts$/;
const { default: strykerConfig } = (await import(pathToFileURL(resolve('stryker.config.mjs')).href)) as {
  default: { mutate: string[] };
};

/** The globs of a --mutate (or -m) option, if the run has one; Stryker splits its value at commas. */
function mutateOption(args: readonly string[]): string[] | undefined {
  const at = args.findIndex((arg) => arg === '--mutate' || arg === '-m');
  const value = at === -1 ? args.find((arg) => arg.startsWith('--mutate='))?.slice('--mutate='.length) : args[at + 1];
  return value?.split(',');
}

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' });

/**
 * Stryker's reading of `mutate`: in order, a pattern adds the files it matches, a `!` pattern removes them;
 * matched as Stryker's FileMatcher does (minimatch, the version its core depends on, hidden files included).
 */
function filesToMutate(patterns: readonly string[]): string[] {
  const projectFiles = git('ls-files', '--cached', '--others', '--exclude-standard').split('\n').filter(Boolean);
  const chosen = new Set<string>();
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    for (const file of projectFiles.filter((f) => minimatch(f, negated ? pattern.slice(1) : pattern, { dot: true }))) {
      if (negated) chosen.delete(file);
      else chosen.add(file);
    }
  }
  return [...chosen];
}

/** Runs Stryker once and writes that run's summary to `summaryFile`; true when the run passed. */
function runOnce(
  strykerArgs: string[],
  summaryFile: string,
  env: Record<string, string> = {},
  partial?: string,
): boolean {
  const dirtyFiles = git('status', '--porcelain')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  const commit = git('rev-parse', 'HEAD').trim();
  const startedAt = new Date();
  const args = ['stryker', 'run', ...strykerArgs];
  const status = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...env } }).status;
  const minutes = Math.round((Date.now() - startedAt.getTime()) / 6000) / 10;
  if (status !== 0) {
    console.error(`stryker exited with ${String(status)}`);
    return false;
  }
  const patterns = mutateOption(strykerArgs) ?? strykerConfig.mutate;
  const envText = Object.entries(env).map(([name, value]) => `${name}='${value}' `);
  const run: RunFacts = {
    commit,
    dirtyFiles,
    startedAt: `${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    command: `${envText.join('')}npx ${args.join(' ')}`,
    minutes,
    filesToMutate: filesToMutate(patterns),
    partial,
  };
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as MutationReport;
  writeFileSync(summaryFile, summaryMarkdown(report, run));
  console.log(`wrote ${summaryFile}`);
  const scores = groupScores(report);
  const failures = belowThreshold(scores);
  for (const failure of failures) console.error(failure);
  console.log(JSON.stringify({ ...scores, minutes }));
  return failures.length === 0;
}

function runCharts(names: string[], strykerArgs: string[]): boolean {
  const charts = readdirSync('machines', { recursive: true })
    .map((path) => `machines/${String(path).replaceAll('\\', '/')}`)
    .filter((file) => CHART.test(file))
    .filter((file) => names.length === 0 || names.includes(basename(file, '.machine.ts')))
    .sort();
  if (charts.length === 0) throw new Error(`no chart file named ${names.join(', ')}`);
  for (const file of charts) {
    const name = basename(file, '.machine.ts');
    const env = { MUTATION_TESTS: `tests/{unit,paths}/{*${name}*,default-actors}.test.ts` };
    if (!runOnce(['--mutate', file, ...strykerArgs], `${PARTIAL}/${name}.md`, env, `${file} against its own tests`)) {
      return false;
    }
  }
  return true;
}

const args = process.argv.slice(2);
const chartsAt = args.indexOf('--charts');
mkdirSync(PARTIAL, { recursive: true });
let passed: boolean;
if (chartsAt !== -1) {
  const rest = args.slice(chartsAt + 1);
  const firstOption = rest.findIndex((arg) => arg.startsWith('-'));
  const names = firstOption === -1 ? rest : rest.slice(0, firstOption);
  passed = runCharts(names, [...args.slice(0, chartsAt), ...(firstOption === -1 ? [] : rest.slice(firstOption))]);
} else if (mutateOption(args) !== undefined || process.env.MUTATION_TESTS !== undefined) {
  const tests = process.env.MUTATION_TESTS;
  const narrowed = [mutateOption(args) && 'some files', tests && 'some tests'].filter(Boolean).join(' and ');
  passed = runOnce(
    args,
    `${PARTIAL}/summary.md`,
    tests === undefined ? {} : { MUTATION_TESTS: tests },
    `narrowed to ${narrowed}`,
  );
} else {
  passed = runOnce(args.includes('--force') ? args : ['--force', ...args], SUMMARY);
}
process.exit(passed ? 0 : 1);
