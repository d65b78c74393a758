import { and, assign, fromPromise } from 'xstate';
import { setup } from '../shared/chart-setup';
import { failureOf, type ApiFailure } from '../shared/api-failure';
import { providedAtTheEdge } from '../shared/provided-at-the-edge';
import { buildTestLinks, type TestLinkForm } from './iframe-link';

/** The two links of /test, as addresses. */
export interface TestLinkPair {
  customPaymentIframe: string;
  genPaymentIntend: string;
}

export interface TestLinksInput {
  /** The form's first values. */
  form: TestLinkForm;
  /** The origin the links open on (this page's). */
  origin: string;
  /** Whether this build runs against the sandbox, the only operator that signs links for a page. */
  sandbox: boolean;
}

export interface TestLinksContext extends TestLinksInput {
  /** The links as the operator signed them, for the form as it was when they were asked for. */
  signed: TestLinkPair | undefined;
  failure: ApiFailure | undefined;
}

export type TestLinksEvent = { type: 'form.edit'; field: keyof TestLinkForm; value: string } | { type: 'links.sign' };

/** What the failed call threw (xstate leaves onError's event untyped). */
const callError = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * /test (requirements.md §2): the operator refuses unsigned payment links, so the page asks the operator
 * to sign the links the form describes, when the visitor asks for them (not on every keystroke). Only the
 * sandbox signs for a page (POST /sandbox/sign-link); a production operator signs in its back office, so
 * a production build asks nothing (and its page shows no form). An edit makes signed links stale: they go until asked for again.
 */
export const testLinksMachine = setup({
  types: {
    context: {} as TestLinksContext,
    events: {} as TestLinksEvent,
    input: {} as TestLinksInput,
    children: {} as { signLinks: 'signLinks' },
  },
  actors: {
    /** POST /sandbox/sign-link for each link: the links with their signed queries. */
    signLinks: fromPromise<TestLinkPair, TestLinkPair>(providedAtTheEdge('signLinks')),
  },
  actions: {
    editForm: assign({
      form: ({ context }, { field, value }: { field: keyof TestLinkForm; value: string }) => ({
        ...context.form,
        [field]: value,
      }),
    }),
    keepSigned: assign({ signed: (_, links: TestLinkPair) => links }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
    /** Links signed for an earlier form, or an earlier failure, no longer apply. */
    clearOutcome: assign({ signed: undefined, failure: undefined }),
  },
  guards: {
    sandbox: ({ context }) => context.sandbox,
    formComplete: ({ context }) => buildTestLinks(context.form, context.origin).ok,
  },
}).createMachine({
  id: 'testLinks',
  context: ({ input }) => ({ ...input, signed: undefined, failure: undefined }),
  initial: 'Editing',
  on: {
    'form.edit': {
      target: '.Editing',
      actions: [{ type: 'editForm', params: ({ event }) => event }, 'clearOutcome'],
    },
  },
  states: {
    /**
     * No signed links for the form as it is; the fields show what is wrong with it, if anything. A
     * production build stays here: its page only says that the back office signs links.
     */
    Editing: {
      on: { 'links.sign': { guard: and(['sandbox', 'formComplete']), target: 'Signing' } },
    },
    Signing: {
      tags: ['busy'],
      entry: 'clearOutcome',
      invoke: {
        id: 'signLinks',
        src: 'signLinks',
        input: ({ context }) => {
          const links = buildTestLinks(context.form, context.origin);
          if (!links.ok) throw new Error('only a complete form is signed');
          return { customPaymentIframe: links.customPaymentIframe, genPaymentIntend: links.genPaymentIntend };
        },
        onDone: { target: 'Signed', actions: { type: 'keepSigned', params: ({ event }) => event.output } },
        onError: { target: 'Failed', actions: { type: 'keepFailure', params: callError } },
      },
    },
    /** The signed links; they expire, so asking again signs them anew. */
    Signed: {
      on: { 'links.sign': 'Signing' },
    },
    /** The operator did not sign (unknown machine, offline …): asking again may work. */
    Failed: {
      on: { 'links.sign': 'Signing' },
    },
  },
});
