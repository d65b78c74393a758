import type { RunnerTestCase } from 'vitest';
import type { Reporter, Vitest } from 'vitest/node';

/**
 * A Vitest reporter for mutation runs only (vitest.mutation.config.ts): a test file that fails to load
 * becomes one failed test carrying the load error.
 *
 * Why: StrykerJS's Vitest runner (9.6) builds a mutant's verdict from the tests it collected, and a
 * file whose import throws collects none, so a mutant that stops a module from loading (a chart whose
 * `initial` names no state, say) counted as *survived* though the suite fails on it
 * (upstream: https://github.com/stryker-mutator/stryker-js/issues/6150, fix pending in
 * https://github.com/stryker-mutator/stryker-js/pull/6217). Charts are built at import, so many of their
 * mutants are of this kind.
 */
export class UnloadableFileAsFailedTest implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue;
      // Only the fields Stryker's runner reads once the run is over; Vitest alone can build a test context.
      const failed = {
        type: 'test',
        id: `${file.id}_load`,
        name: 'loads',
        fullName: `${file.name} > loads`,
        fullTestName: 'loads',
        mode: 'run',
        file,
        suite: file,
        meta: {},
        timeout: 0,
        annotations: [],
        artifacts: [],
        result: { state: 'fail', errors: file.result.errors },
      } as unknown as RunnerTestCase;
      file.tasks.push(failed);
    }
  }
}
