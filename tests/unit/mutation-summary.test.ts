/**
 * The mutation run's summary (scripts/mutation-summary.ts): a small report in, the markdown and the group
 * scores out, the figures worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  belowThreshold,
  groupScores,
  type MutationReport,
  type ReportMutant,
  type RunFacts,
  summaryMarkdown,
} from '../../scripts/mutation-summary';

const mutant = (
  status: string,
  line = 1,
  column = 1,
  mutatorName = 'BooleanLiteral',
  replacement = 'false',
): ReportMutant => ({
  status,
  mutatorName,
  replacement,
  location: { start: { line, column } },
});

/** 3 of 4 detected in a helper, 2 of 3 in a chart, 4 of 4 in src/api; errors and ignored mutants do not count. */
const report: MutationReport = {
  files: {
    'src/api/client.ts': { mutants: [...Array.from({ length: 4 }, () => mutant('Killed')), mutant('Ignored')] },
    'machines/splash/splash.machine.ts': {
      mutants: [mutant('Killed'), mutant('Timeout'), mutant('NoCoverage', 9, 2, 'StringLiteral', '""')],
    },
    'machines\\menu\\payment-marks.ts': {
      mutants: [
        mutant('Killed'),
        mutant('Killed'),
        mutant('Survived', 3, 5, 'ConditionalExpression', 'true'),
        mutant('Killed'),
        mutant('CompileError'),
      ],
    },
  },
};

const run: RunFacts = {
  commit: '0123abc',
  dirtyFiles: [],
  startedAt: '2026-11-29 06:42 UTC',
  command: 'npx stryker run --force',
  minutes: 41.5,
  filesToMutate: ['machines/menu/payment-marks.ts', 'src/lib/empty.ts'],
};

describe('the mutation summary', () => {
  it('scores each group, machines/ as a whole and split into charts and helpers', () => {
    expect(groupScores(report)).toEqual({
      machines: 71.4,
      'machines charts': 66.7,
      'machines helpers': 75,
      'src/api': 100,
    });
  });

  it('names the groups under their threshold', () => {
    expect(belowThreshold({ machines: 71.4, 'machines charts': 66.7, 'src/api': 80, 'src/lib': 89.9 })).toEqual([
      'machines: mutation score 71.4 % is under 90 %',
      'src/lib: mutation score 89.9 % is under 90 %',
    ]);
  });

  it('states the run, then the scores by group, folder and file (one without mutants too) and the undetected', () => {
    expect(summaryMarkdown(report, run)).toBe(`# Mutation testing: the last full run

- Commit: \`0123abc\` (clean tree)
- Started: 2026-11-29 06:42 UTC
- Command: \`npx stryker run --force\` (stryker.config.mjs, vitest.mutation.config.ts)
- Duration: 41.5 min

Written by \`scripts/mutation.ts\` from the \`reports/mutation/mutation.json\` of that run alone. Score = (killed +
timed out) / (killed + timed out + survived + no coverage); compile and runtime errors do not count. The
survivors found equivalent are listed with their reasons in
[docs/testing.md](../../docs/testing.md#surviving-mutants-that-are-equivalent).

## By group

| group | score | threshold |
| ----- | ----: | --------: |
| machines | 71.4 % | 90 % |
| machines charts | 66.7 % | – |
| machines helpers | 75 % | – |
| src/api | 100 % | 80 % |

## By folder

| folder | mutants | killed | timed out | survived | no coverage | score |
| ------ | ------: | -----: | --------: | -------: | ----------: | ----: |
| \`machines/menu\` | 4 | 3 | 0 | 1 | 0 | 75 % |
| \`machines/splash\` | 3 | 1 | 1 | 0 | 1 | 66.7 % |
| \`src/api\` | 4 | 4 | 0 | 0 | 0 | 100 % |
| \`src/lib\` | 0 | 0 | 0 | 0 | 0 | – |

## By file

| file | mutants | killed | timed out | survived | no coverage | score |
| ---- | ------: | -----: | --------: | -------: | ----------: | ----: |
| \`machines/menu/payment-marks.ts\` | 4 | 3 | 0 | 1 | 0 | 75 % |
| \`machines/splash/splash.machine.ts\` | 3 | 1 | 1 | 0 | 1 | 66.7 % |
| \`src/api/client.ts\` | 4 | 4 | 0 | 0 | 0 | 100 % |
| \`src/lib/empty.ts\` | 0 | 0 | 0 | 0 | 0 | – |

## Undetected mutants (2)

- \`machines/menu/payment-marks.ts:3:5\` ConditionalExpression → \`true\` (Survived)
- \`machines/splash/splash.machine.ts:9:2\` StringLiteral → \`""\` (NoCoverage)
`);
  });

  it('says a dirty tree and a partial run', () => {
    const markdown = summaryMarkdown(report, {
      ...run,
      dirtyFiles: ['docs/testing.md'],
      partial: 'narrowed to some files',
    });
    expect(markdown.split('\n').slice(0, 5)).toEqual([
      '# Mutation testing: a partial run (narrowed to some files)',
      '',
      'Not the committed summary: this run did not mutate or test everything.',
      '',
      '- Commit: `0123abc` (dirty tree: `docs/testing.md`)',
    ]);
  });
});
