// @ts-check
/**
 * Mutation testing of the state machines, API clients, payment helpers, actors and storage helpers (`npm run test:mutation`,
 * scripts/mutation.ts). docs/testing.md ("Mutation testing") lists the mutants that survive and why.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  mutate: [
    'machines/**/*.ts',
    'src/api/**/*.ts',
    'src/payments/**/*.ts',
    'src/actors/**/*.ts',
    'src/lib/**/*.ts',
    // Type declarations and the constant lists those types are spelled from: pure data, no behaviour…
    '!**/*.types.ts',
    // …except these two, whose lists the app also reads at run time (the languages offered, the methods
    // that explain themselves in a popup, the schema's picklists).
    'machines/menu/menu.types.ts',
    'machines/purchase/purchase.types.ts',
    // The charts' structure as tooling reads it (edges for diagrams, coverage, the live view): no rule of the app.
    '!machines/graph/**',
  ],
  // The machine shares two cores with other work.
  concurrency: 2,
  timeoutMS: 10000,
  // The first, unmutated run of all the tests: past Stryker's 5 minutes when other work loads the machine.
  dryRunTimeoutMinutes: 20,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['json', 'html', 'clear-text', 'progress'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
