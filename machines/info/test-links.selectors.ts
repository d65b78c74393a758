import type { SnapshotFrom } from 'xstate';
import { buildTestLinks, type TestLinkForm, type TestLinkProblems } from './iframe-link';
import type { TestLinkPair, testLinksMachine } from './test-links.machine';

type TestLinksSnapshot = SnapshotFrom<typeof testLinksMachine>;

export type TestLinksStage = 'backOfficeOnly' | 'editing' | 'signing' | 'signed' | 'failed';

/** What the page shows: a production build only says that the operator's back office signs links. */
export function selectTestLinksStage(snapshot: TestLinksSnapshot): TestLinksStage {
  if (!snapshot.context.sandbox) return 'backOfficeOnly';
  if (snapshot.matches('Signing')) return 'signing';
  if (snapshot.matches('Signed')) return 'signed';
  if (snapshot.matches('Failed')) return 'failed';
  return 'editing';
}

export const selectTestLinkForm = (snapshot: TestLinksSnapshot): TestLinkForm => snapshot.context.form;

/** What is wrong with each field as typed (nothing once the form is complete). */
export function selectTestLinkProblems({ context }: TestLinksSnapshot): TestLinkProblems {
  const links = buildTestLinks(context.form, context.origin);
  return links.ok ? {} : links.problems;
}

/** Whether every field can be used: only then are there links to sign. */
export const selectFormComplete = ({ context }: TestLinksSnapshot): boolean =>
  buildTestLinks(context.form, context.origin).ok;

/** Whether the links can be asked for: the form is complete and nothing is being signed. */
export const selectCanSign = (snapshot: TestLinksSnapshot): boolean => snapshot.can({ type: 'links.sign' });

export const selectSignedLinks = (snapshot: TestLinksSnapshot): TestLinkPair | undefined => snapshot.context.signed;

/** Why the links were not signed: the sandbox has no such machine, or anything else (offline, a server error). */
export function selectSignFailure({
  context: { failure },
}: TestLinksSnapshot): 'unknownMachine' | 'failed' | undefined {
  if (failure === undefined) return undefined;
  return failure.kind === 'http' && failure.status === 404 ? 'unknownMachine' : 'failed';
}
