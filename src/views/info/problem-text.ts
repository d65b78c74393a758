import type { TFunction } from 'i18next';
import type { BaseHostProblem } from '../../../machines/debug-vars/base-host';
import type { TestLinkProblems } from '../../../machines/info/iframe-link';

type Problem = BaseHostProblem | NonNullable<TestLinkProblems[keyof TestLinkProblems]>;

/** The message of a field problem, in the current language. */
export function problemText(t: TFunction<'info'>, problem: Problem | undefined): string | undefined {
  if (problem === undefined) return undefined;
  return t(`errors.${problem === 'empty' ? 'required' : problem}`);
}
