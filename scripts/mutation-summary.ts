/**
 * The summary of ONE mutation run (scripts/mutation.ts), from the report that run has just written
 * (reports/mutation/mutation.json, the mutation-testing-report schema): at the top the commit, whether the
 * tree was dirty, the date, the Stryker command and its duration; then the score of each group against its
 * threshold, of each folder and of each file Stryker was to mutate, and the mutants left undetected.
 * It is never written from the incremental record, which carries results of earlier runs: a summary stitched
 * from several runs cannot say which code it scores.
 */
import { dirname } from 'node:path';

/** A mutant as the report gives it (the fields read here). */
export interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number } };
}

export interface MutationReport {
  files: Record<string, { mutants: ReportMutant[] }>;
}

/** What the summary says of the run it comes from. */
export interface RunFacts {
  commit: string;
  /** The files git reported changed or untracked when the run started (none: a clean tree). */
  dirtyFiles: readonly string[];
  /** When the run started, ISO 8601. */
  startedAt: string;
  command: string;
  minutes: number;
  /** Every file the `mutate` globs matched, so that a file without a mutant still gets its row. */
  filesToMutate: readonly string[];
  /** Set for a run narrowed to some files or tests: its summary says so and is not the committed one. */
  partial?: string;
}

const COUNTED = ['Killed', 'Timeout', 'Survived', 'NoCoverage'] as const;
type Counts = Record<(typeof COUNTED)[number], number>;
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Exits under these (scripts/mutation.ts): the folders' scores, and machines/ as a whole. */
export const THRESHOLDS: Readonly<Record<string, number>> = {
  machines: 90,
  'src/api': 80,
  'src/payments': 80,
  'src/actors': 90,
  'src/lib': 90,
};

const CHART = /\.machine\.ts$/;
/** The score groups: each scored folder, and machines/ split into its chart files and the rest. */
const GROUPS: Readonly<Record<string, (file: string) => boolean>> = {
  machines: (file) => file.startsWith('machines/'),
  'machines charts': (file) => file.startsWith('machines/') && CHART.test(file),
  'machines helpers': (file) => file.startsWith('machines/') && !CHART.test(file),
  'src/api': (file) => file.startsWith('src/api/'),
  'src/payments': (file) => file.startsWith('src/payments/'),
  'src/actors': (file) => file.startsWith('src/actors/'),
  'src/lib': (file) => file.startsWith('src/lib/'),
};

const emptyCounts = (): Counts => ({ Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0 });

/** Adds mutants to counts, by status (compile and runtime errors, ignored mutants do not count). */
function tally(counts: Counts, mutants: readonly ReportMutant[]): Counts {
  for (const { status } of mutants) if (status in counts) counts[status as keyof Counts] += 1;
  return counts;
}

const counted = (counts: Counts) => COUNTED.reduce((sum, status) => sum + counts[status], 0);

/** Stryker's mutation score: (killed + timed out) / (killed + timed out + survived + no coverage), 0.1 %. */
function score(counts: Counts): number | undefined {
  const valid = counted(counts);
  return valid === 0 ? undefined : Math.round((1000 * (counts.Killed + counts.Timeout)) / valid) / 10;
}

/** The report's mutants by file (forward slashes), with a file to mutate that has none as an empty list. */
function mutantsByFile(report: MutationReport, filesToMutate: readonly string[]): Map<string, ReportMutant[]> {
  const files = new Map<string, ReportMutant[]>(filesToMutate.map((file) => [file, []]));
  for (const [path, { mutants }] of Object.entries(report.files)) files.set(path.replaceAll('\\', '/'), mutants);
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

/** Each group's score (a group without a counted mutant has none). */
export function groupScores(report: MutationReport): Record<string, number> {
  const scores: Record<string, number> = {};
  const files = [...mutantsByFile(report, [])];
  for (const [group, contains] of Object.entries(GROUPS)) {
    const counts = files.filter(([file]) => contains(file)).reduce((sum, [, m]) => tally(sum, m), emptyCounts());
    const groupScore = score(counts);
    if (groupScore !== undefined) scores[group] = groupScore;
  }
  return scores;
}

/** The groups under their threshold, as messages. */
export const belowThreshold = (scores: Record<string, number>): string[] =>
  Object.entries(scores)
    .filter(([group, groupScore]) => THRESHOLDS[group] !== undefined && groupScore < THRESHOLDS[group])
    .map(
      ([group, groupScore]) =>
        `${group}: mutation score ${String(groupScore)} % is under ${String(THRESHOLDS[group])} %`,
    );

const HEADER = '| mutants | killed | timed out | survived | no coverage | score |';
const RULE = '| ------: | -----: | --------: | -------: | ----------: | ----: |';

function countRow(name: string, counts: Counts): string {
  const cells = [counted(counts), counts.Killed, counts.Timeout, counts.Survived, counts.NoCoverage];
  return `| \`${name}\` | ${cells.join(' | ')} | ${String(score(counts) ?? '–')}${score(counts) === undefined ? '' : ' %'} |`;
}

export function summaryMarkdown(report: MutationReport, run: RunFacts): string {
  const files = mutantsByFile(report, run.filesToMutate);
  const folders = new Map<string, Counts>();
  for (const [file, mutants] of files)
    folders.set(dirname(file), tally(folders.get(dirname(file)) ?? emptyCounts(), mutants));
  const scores = groupScores(report);
  const tree =
    run.dirtyFiles.length === 0 ? 'clean tree' : `dirty tree: ${run.dirtyFiles.map((f) => `\`${f}\``).join(', ')}`;
  const undetected = [...files].flatMap(([file, mutants]) =>
    mutants
      .filter(({ status }) => UNDETECTED.has(status))
      .map(({ location: { start }, mutatorName, replacement, status }) => {
        const shown = replacement === undefined ? '' : ` → \`${replacement.replace(/\s+/g, ' ').slice(0, 60)}\``;
        return `- \`${file}:${String(start.line)}:${String(start.column)}\` ${mutatorName}${shown} (${status})`;
      }),
  );
  return [
    run.partial === undefined
      ? '# Mutation testing: the last full run'
      : `# Mutation testing: a partial run (${run.partial})`,
    '',
    ...(run.partial === undefined
      ? []
      : ['Not the committed summary: this run did not mutate or test everything.', '']),
    `- Commit: \`${run.commit}\` (${tree})`,
    `- Started: ${run.startedAt}`,
    `- Command: \`${run.command}\` (stryker.config.mjs, vitest.mutation.config.ts)`,
    `- Duration: ${String(run.minutes)} min`,
    '',
    'Written by `scripts/mutation.ts` from the `reports/mutation/mutation.json` of that run alone. Score = (killed +',
    'timed out) / (killed + timed out + survived + no coverage); compile and runtime errors do not count. The',
    'survivors found equivalent are listed with their reasons in',
    '[docs/testing.md](../../docs/testing.md#surviving-mutants-that-are-equivalent).',
    '',
    '## By group',
    '',
    '| group | score | threshold |',
    '| ----- | ----: | --------: |',
    ...Object.entries(scores).map(
      ([group, groupScore]) =>
        `| ${group} | ${String(groupScore)} % | ${THRESHOLDS[group] === undefined ? '–' : `${String(THRESHOLDS[group])} %`} |`,
    ),
    '',
    '## By folder',
    '',
    `| folder ${HEADER}`,
    `| ------ ${RULE}`,
    ...[...folders].map(([folder, counts]) => countRow(folder, counts)),
    '',
    '## By file',
    '',
    `| file ${HEADER}`,
    `| ---- ${RULE}`,
    ...[...files].map(([file, mutants]) => countRow(file, tally(emptyCounts(), mutants))),
    '',
    `## Undetected mutants (${String(undetected.length)})`,
    '',
    ...(undetected.length === 0 ? ['None.'] : undetected),
    '',
  ].join('\n');
}
