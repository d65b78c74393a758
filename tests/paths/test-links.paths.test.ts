import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { expect } from 'vitest';
import type { TestLinkForm } from '../../machines/info/iframe-link';
import {
  testLinksMachine,
  type TestLinkPair,
  type TestLinksContext,
  type TestLinksEvent,
} from '../../machines/info/test-links.machine';
import { ApiError } from '../../machines/shared/api-failure';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, expectTags, samplesOf, stays, to, type Oracle } from './edge-coverage';

const machine = testLinksMachine.provide({ actors: { signLinks: pendingPromise<TestLinkPair, TestLinkPair>() } });

const ORIGIN = 'https://pay.example';
const FORM: TestLinkForm = {
  machineId: '1001',
  amount: '10.00',
  description: 'Test payment',
  successUrl: `${ORIGIN}/test`,
  failureUrl: `${ORIGIN}/test`,
};
const SIGNED: TestLinkPair = {
  customPaymentIframe: `${ORIGIN}/customPaymentIframe?machineId=1001&expires=1&signature=a`,
  genPaymentIntend: `${ORIGIN}/genPaymentIntend?machine_id=1001&expires=1&signature=b`,
};

/** The amounts the form takes in the walk: one the spec accepts (requirements.md §5), one it refuses. */
const USABLE_AMOUNTS = new Set(['10.00', '2,5']);

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as TestLinksContext;

/**
 * requirements.md §2 /test: the links are signed only when asked for and only for a usable form; an edit
 * drops them; the sandbox's refusal or any failure may be asked again; a production build asks nothing.
 */
const oracle: Oracle = {
  next: (before, event) => {
    const sample = event as EventObject & { field?: keyof TestLinkForm; value?: string; error?: unknown };
    switch (sample.type) {
      case 'form.edit': {
        const { field = 'amount', value } = sample;
        return to('Editing', (after) => {
          expect(contextOf(after).form[field]).toBe(value);
          expect(contextOf(after).signed).toBeUndefined();
        });
      }
      case 'links.sign': {
        const { sandbox, form } = contextOf(before);
        // A production build never asks; an unusable form has nothing to sign.
        const nothingToAsk = before.matches('Editing') && (!sandbox || !USABLE_AMOUNTS.has(form.amount));
        return nothingToAsk ? stays() : to('Signing');
      }
      case 'xstate.done.actor.signLinks':
        return to('Signed', (after) => expect(contextOf(after).signed).toEqual(SIGNED));
      case 'xstate.error.actor.signLinks':
        return to('Failed', (after) =>
          expect(contextOf(after).failure).toEqual(
            sample.error instanceof ApiError ? sample.error.failure : { kind: 'invalid-answer', detail: 'Error: bug' },
          ),
        );
      default:
        throw new Error(`the /test oracle does not know ${sample.type}`);
    }
  },
  contract: (snapshot) => {
    expectTags(snapshot, { busy: ['Signing'] });
    const { signed, failure, sandbox } = contextOf(snapshot);
    expect(signed !== undefined, 'signed links are shown').toBe(snapshot.matches('Signed'));
    expect(failure !== undefined, 'a failure is shown').toBe(snapshot.matches('Failed'));
    // A production build never asks the operator.
    if (!sandbox) expect(snapshot.matches('Editing')).toBe(true);
  },
};

const events = samplesOf<EventObject>([
  { type: 'form.edit', field: 'amount', value: '2,5' } as TestLinksEvent,
  { type: 'form.edit', field: 'amount', value: '1.234' } as TestLinksEvent,
  { type: 'links.sign' },
  { type: 'xstate.done.actor.signLinks', output: SIGNED } as EventObject,
  { type: 'xstate.error.actor.signLinks', error: new ApiError({ kind: 'http', status: 404 }) } as EventObject,
  { type: 'xstate.error.actor.signLinks', error: new Error('bug') } as EventObject,
]);

const serializeState = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value as unknown, amount: contextOf(snapshot).form.amount });

describeEdgePaths({
  oracle,
  machineId: 'testLinks',
  machine,
  scenarios: [
    { label: 'the sandbox', input: { form: FORM, origin: ORIGIN, sandbox: true }, events, serializeState },
    { label: 'a production build', input: { form: FORM, origin: ORIGIN, sandbox: false }, events, serializeState },
  ],
});
