// @ts-check
/**
 * Mutation testing of the state machines, API clients and payment helpers (`npm run test:mutation`,
 * scripts/mutation.mjs). docs/testing.md ("Mutation testing") lists the mutants that survive and why.
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
    // Type declarations and the constant lists those types are spelled from: pure data, no behaviour.
    '!**/*.types.ts',
    // The charts' structure as tooling reads it (edges for diagrams, coverage, the live view): no rule of the app.
    '!machines/graph/**',
  ],
  // The machine shares two cores with other work.
  concurrency: 2,
  timeoutMS: 10000,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['json', 'html', 'clear-text', 'progress'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
