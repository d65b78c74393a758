import { defineConfig } from 'vitest/config';
import { moneyPatterns } from './scripts/money-patterns-plugin';
import { paymentMarks } from './scripts/payment-marks-plugin';
import { UnloadableFileAsFailedTest } from './scripts/unloadable-file-reporter';

/**
 * The tests StrykerJS runs against each mutant (stryker.config.mjs): the `unit` project's node tests
 * without the two that run `vite build` (csp-build, no-secrets), which take minutes and test no code
 * in the mutated folders. The jsdom component tests are left out too: they need a minute and a half
 * per run; what they check of those folders has node tests of its own. A unit test that needs a DOM
 * says so itself (`// @vitest-environment jsdom`, as tests/unit/lib-use-returned-payment.test.ts).
 * A test file that cannot load counts as a failed test (scripts/unloadable-file-reporter.ts).
 * The build's virtual modules (the payment marks, the money patterns) come from the same plugins as the app's.
 * MUTATION_TESTS (a glob) narrows the run to those files: `scripts/mutation.ts --charts` gives each
 * chart only its own unit and path tests, since a chart's mutants are static and rerun every test run.
 */
export default defineConfig({
  plugins: [paymentMarks(), moneyPatterns()],
  test: {
    environment: 'node',
    include: process.env.MUTATION_TESTS
      ? [process.env.MUTATION_TESTS]
      : ['tests/unit/**/*.test.ts', 'tests/paths/**/*.test.ts'],
    exclude: ['tests/unit/csp-build.test.ts', 'tests/unit/no-secrets.test.ts'],
    reporters: ['default', new UnloadableFileAsFailedTest()],
  },
});
