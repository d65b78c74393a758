import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  purchaseLifeMachine,
  type Attempt,
  type ConfirmedCharge,
  type PurchaseLifeContext,
  type PurchaseLifeEvent,
} from '../../sandbox/operator/purchase-life.machine';
import { describeEdgePaths, expectTags, samplesOf, serializeWith, stays, to, type Oracle } from './edge-coverage';

/**
 * The operator's purchase chart (docs/payments.md "One life per purchase"), walked with three attempts a
 * provider could open (a Tranzila handshake, the operator's own wallet charge) and approvals the chart is told
 * of without an attempt of its own (the routes believe none: a sample that keeps an approval on offer everywhere).
 */
const machine = purchaseLifeMachine.provide({ actions: { cancelAtProvider: () => {}, refundAtProvider: () => {} } });

const ATTEMPTS: readonly Omit<Attempt, 'status'>[] = [
  { method: 'tranzila', reference: 'thtk-1', sum: 6, openedAt: 0 },
  { method: 'google_pay', reference: 'wallet-1', sum: 6, openedAt: 0 },
];
const SCANS = [1, 2].map((scan) => ({
  method: 'card_scan' as const,
  reference: `scan-${String(scan)}`,
  transactionId: `tx-scan-${String(scan)}`,
})) as [ConfirmedCharge, ConfirmedCharge];
/** The transaction a provider makes on an attempt. */
const transactionOf = (reference: string) => `tx-${reference}`;

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PurchaseLifeContext;
const attemptNamed = (snapshot: AnyMachineSnapshot, reference: string) =>
  contextOf(snapshot).attempts.findLast((attempt) => attempt.reference === reference);
const openAttempts = (snapshot: AnyMachineSnapshot) =>
  contextOf(snapshot).attempts.filter((attempt) => attempt.status === 'open');
/** An attempt a provider may still answer for: open, or superseded but not revoked. */
const unanswered = (attempt: Attempt) => attempt.status === 'open' || attempt.status === 'superseded';

/** Either attempt opened (again); answers only for attempts still unanswered. */
function events(snapshot: AnyMachineSnapshot) {
  const { attempts, payment } = contextOf(snapshot);
  const { refunded } = contextOf(snapshot);
  const opened = new Set([...attempts, ...refunded, ...(payment ? [payment] : [])].map((each) => each.reference));
  const samples: PurchaseLifeEvent[] = [
    ...ATTEMPTS.map((attempt): PurchaseLifeEvent => ({ type: 'attempt.open', attempt })),
    ...attempts.filter(unanswered).flatMap(({ method, reference }): PurchaseLifeEvent[] => [
      { type: 'provider.approved', charge: { method, reference, transactionId: transactionOf(reference) } },
      { type: 'provider.declined', reference },
      { type: 'provider.expired', reference },
    ]),
    // An approval of no attempt in this walk (a second one too), which keeps an approval on offer in every
    // state; Booked takes none (no provider can have charged what the operator never opened).
    { type: 'provider.approved', charge: opened.has(SCANS[0].reference) ? SCANS[1] : SCANS[0] },
    // Answers for an attempt this purchase never opened change nothing.
    { type: 'provider.declined', reference: 'unknown' },
    { type: 'provider.expired', reference: 'unknown' },
    { type: 'provider.voided', transactionId: payment?.transactionId ?? 'tx-none' },
    { type: 'provider.voided', transactionId: 'tx-other' },
  ];
  return samplesOf(samples);
}

// An attempt opened again (the walk's bound: two references) counts by its latest status.
const serializeState = serializeWith((context: PurchaseLifeContext) => ({
  attempts: [...new Map(context.attempts.map(({ reference, status }) => [reference, status]))],
  payment: context.payment?.reference,
  refunded: [...new Set(context.refunded.map((charge) => charge.reference))].sort(),
}));

const NOT_PAID = ['Booked', 'Attempting', 'Failed', 'Expired'];
const ENDED = ['Paid', 'Voided'];
const isIn = (snapshot: AnyMachineSnapshot, states: readonly string[]) =>
  states.some((state) => snapshot.matches(state));

const oracle: Oracle = {
  next: (before, sample) => {
    const event = sample as PurchaseLifeEvent;
    switch (event.type) {
      case 'attempt.open': {
        // Never once paid or voided; never while the operator's own wallet charge is under way.
        const walletUnderWay = openAttempts(before).some((attempt) => attempt.method === 'google_pay');
        if (isIn(before, ENDED) || walletUnderWay)
          return stays((after) => expect(contextOf(after).attempts).toEqual(contextOf(before).attempts));
        return to('Attempting', (after) => {
          // The new attempt is the only one open; the one open before is superseded.
          expect(openAttempts(after).map((attempt) => attempt.reference)).toEqual([event.attempt.reference]);
          const earlier = contextOf(after).attempts.slice(0, contextOf(before).attempts.length);
          contextOf(before).attempts.forEach((attempt, index) =>
            expect(earlier[index]?.status).toBe(attempt.status === 'open' ? 'superseded' : attempt.status),
          );
        });
      }
      case 'provider.approved':
        // The first confirmed approval pays, whichever attempt made it; a later one is refunded.
        if (isIn(before, NOT_PAID) && !before.matches('Booked'))
          return to('Paid', (after) => {
            expect(contextOf(after).payment).toEqual(event.charge);
            if (event.charge.method !== 'card_scan')
              expect(attemptNamed(after, event.charge.reference)?.status).toBe('approved');
            expect(openAttempts(after)).toEqual([]);
          });
        if (before.matches('Booked')) return stays();
        return stays((after) => expect(contextOf(after).refunded.at(-1)).toEqual(event.charge));
      case 'provider.declined':
      case 'provider.expired': {
        const isOpen = attemptNamed(before, event.reference)?.status === 'open';
        const ending = event.type === 'provider.declined' ? 'Failed' : 'Expired';
        return before.matches('Attempting') && isOpen ? to(ending) : stays();
      }
      case 'provider.voided':
        return before.matches('Paid') && contextOf(before).payment?.transactionId === event.transactionId
          ? to('Voided')
          : stays();
    }
  },
  contract: (snapshot) => {
    expectTags(snapshot, {});
    const { attempts, payment } = contextOf(snapshot);
    expect(openAttempts(snapshot).length, 'open attempts').toBeLessThanOrEqual(1);
    expect(payment !== undefined, 'a payment kept').toBe(isIn(snapshot, ENDED));
    if (snapshot.matches('Booked')) expect(attempts.filter((attempt) => attempt.status !== 'approved')).toEqual([]);
    if (snapshot.matches('Attempting')) expect(openAttempts(snapshot)).toHaveLength(1);
  },
};

describeEdgePaths({
  oracle,
  machineId: 'operatorPurchase',
  machine,
  scenarios: [{ label: 'a handshake, a wallet charge and card scans', events, serializeState }],
});
