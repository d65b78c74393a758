import { describe, expect, it } from 'vitest';
import type { RunnerTestFile } from 'vitest';
import type { Vitest } from 'vitest/node';
import { UnloadableFileAsFailedTest } from '../../scripts/unloadable-file-reporter';

const loadError = { message: 'No initial state specified for compound state node "#splash".' };

function file(name: string, result: RunnerTestFile['result'], tasks: RunnerTestFile['tasks'] = []): RunnerTestFile {
  return { type: 'suite', id: name, name, mode: 'run', meta: {}, tasks, result } as unknown as RunnerTestFile;
}

function report(files: RunnerTestFile[]): RunnerTestFile[] {
  const reporter = new UnloadableFileAsFailedTest();
  reporter.onInit({ state: { getFiles: () => files } } as unknown as Vitest);
  reporter.onTestRunEnd();
  return files;
}

describe('the mutation run counts a test file that cannot load as a failed test', () => {
  it('gives a file that failed with no tests one failed test with its load error', () => {
    const [unloadable] = report([file('tests/unit/splash.machine.test.ts', { state: 'fail', errors: [loadError] })]);
    expect(unloadable?.tasks).toMatchObject([{ type: 'test', result: { state: 'fail', errors: [loadError] } }]);
  });

  it('leaves files that loaded as they are, passed or failed', () => {
    const test = { type: 'test', name: 'a', result: { state: 'fail' } } as RunnerTestFile['tasks'][number];
    const files = report([
      file('passed.test.ts', { state: 'pass' }),
      file('failed.test.ts', { state: 'fail' }, [test]),
      file('not-run.test.ts', undefined),
    ]);
    expect(files.map((f) => f.tasks)).toEqual([[], [test], []]);
  });
});
