import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { DeliveryPlan, ItemCount } from '../../sandbox/stores';
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
const machine = purchaseLifeMachine.provide({
  actions: {
    cancelAtProvider: () => {},
    refundAtProvider: () => {},
    deliverAtMachine: () => {},
    captureInFull: () => {},
    captureDeliveredReleaseRest: () => {},
    refundUndelivered: () => {},
  },
});

/** A vend of two products, one of them twice: the machine may deliver everything, part, or nothing. */
const PLAN: DeliveryPlan = {
  kind: 'vend',
  ordered: [
    { productId: '101', count: 1 },
    { productId: '102', count: 2 },
  ],
};
const REPORTS: readonly ItemCount[][] = [
  PLAN.ordered,
  [
    { productId: '101', count: 1 },
    { productId: '102', count: 1 },
  ],
  [],
];
/** The card processors hold funds (an authorization); the operator's Google Pay charge is a sale. */
const HOLDS: Readonly<Record<string, boolean>> = { tranzila: true, card_scan: true, google_pay: false };

const ATTEMPTS: readonly Omit<Attempt, 'status'>[] = [
  { method: 'tranzila', reference: 'thtk-1', sum: 6, openedAt: 0 },
  { method: 'google_pay', reference: 'wallet-1', sum: 6, openedAt: 0 },
];
const SCANS = [1, 2].map((scan) => ({
  method: 'card_scan' as const,
  reference: `scan-${String(scan)}`,
  transactionId: `tx-scan-${String(scan)}`,
  hold: true,
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
      {
        type: 'provider.approved',
        charge: { method, reference, transactionId: transactionOf(reference), hold: HOLDS[method] ?? false },
      },
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
    ...REPORTS.map((delivered): PurchaseLifeEvent => ({ type: 'machine.reported', delivered })),
    { type: 'provider.refunded' },
  ];
  // xstate 5.33 names a delayed event `xstate.after.<delay name>.<state id>`.
  return { ...samplesOf(samples), [REPORT_LIMIT]: [{ type: REPORT_LIMIT }] };
}

const REPORT_LIMIT = 'xstate.after.deliveryReportLimit.operatorPurchase.Paid.Delivering';

/** Where the payment goes once the machine reported (`delivered`): kept, or what was not delivered given back. */
function afterReport(before: AnyMachineSnapshot, delivered: readonly ItemCount[]) {
  const everything = PLAN.ordered.every(({ productId, count }) =>
    delivered.some((item) => item.productId === productId && item.count >= count),
  );
  const state = everything
    ? { Paid: 'Delivered' }
    : { Paid: { Undelivered: contextOf(before).payment?.hold ? 'Released' : 'Refunding' } };
  return to(state, (after) => expect(contextOf(after).delivered).toEqual(delivered));
}

// An attempt opened again (the walk's bound: two references) counts by its latest status.
const serializeState = serializeWith((context: PurchaseLifeContext) => ({
  attempts: [...new Map(context.attempts.map(({ reference, status }) => [reference, status]))],
  payment: context.payment?.reference,
  refunded: [...new Set(context.refunded.map((charge) => charge.reference))].sort(),
  delivered: context.delivered,
}));

/**
 * The delivery's walk: an attempt opened and approved (a hold or a sale), then only what the delivery's
 * edges take; how else a purchase comes to be paid is the other scenario's walk.
 */
function deliveryEvents(snapshot: AnyMachineSnapshot) {
  const { payment } = contextOf(snapshot);
  if (!snapshot.matches('Paid'))
    return samplesOf<PurchaseLifeEvent>([
      ...ATTEMPTS.map((attempt): PurchaseLifeEvent => ({ type: 'attempt.open', attempt })),
      ...openAttempts(snapshot).map(({ method, reference }): PurchaseLifeEvent => ({
        type: 'provider.approved',
        charge: { method, reference, transactionId: transactionOf(reference), hold: HOLDS[method] ?? false },
      })),
      ...openAttempts(snapshot).flatMap(({ reference }): PurchaseLifeEvent[] => [
        { type: 'provider.declined', reference },
        { type: 'provider.expired', reference },
      ]),
      { type: 'provider.declined', reference: 'unknown' },
      { type: 'provider.expired', reference: 'unknown' },
      // Failed, Expired or Voided: an approval (a card scan's, say) still pays, or is refunded once voided.
      ...(isIn(snapshot, ['Failed', 'Expired', 'Voided'])
        ? [{ type: 'provider.approved', charge: SCANS[0] } as const]
        : []),
    ]);
  return {
    ...samplesOf<PurchaseLifeEvent>([
      ...REPORTS.map((delivered): PurchaseLifeEvent => ({ type: 'machine.reported', delivered })),
      { type: 'provider.refunded' },
      { type: 'provider.voided', transactionId: payment?.transactionId ?? 'tx-none' },
      { type: 'provider.approved', charge: SCANS[0] },
      { type: 'provider.expired', reference: 'unknown' },
    ]),
    [REPORT_LIMIT]: [{ type: REPORT_LIMIT }],
  };
}

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
          // With something to deliver, the machine is told to; a payment link has nothing to deliver.
          return to({ Paid: contextOf(before).plan ? 'Delivering' : 'NothingToDeliver' }, (after) => {
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
        // Only a hold not yet settled can be voided at the provider: once delivered it was captured, once
        // not delivered the operator released it itself.
        return before.matches({ Paid: 'Delivering' }) &&
          contextOf(before).payment?.transactionId === event.transactionId
          ? to('Voided')
          : stays();
      case 'machine.reported':
        return afterReport(before, event.delivered);
      case 'provider.refunded':
        return to({ Paid: { Undelivered: 'Refunded' } });
      default:
        // The machine never reported: nothing is taken as delivered.
        expect(sample.type).toBe(REPORT_LIMIT);
        return afterReport(before, []);
    }
  },
  contract: (snapshot) => {
    expectTags(snapshot, {});
    const { attempts, payment } = contextOf(snapshot);
    expect(openAttempts(snapshot).length, 'open attempts').toBeLessThanOrEqual(1);
    expect(payment !== undefined, 'a payment kept').toBe(isIn(snapshot, ENDED));
    if (snapshot.matches('Booked')) expect(attempts.filter((attempt) => attempt.status !== 'approved')).toEqual([]);
    if (snapshot.matches('Attempting')) expect(openAttempts(snapshot)).toHaveLength(1);
    // What the machine delivered is known once it reported, and only then.
    const reported =
      snapshot.matches('Paid') &&
      !snapshot.matches({ Paid: 'Delivering' }) &&
      !snapshot.matches({ Paid: 'NothingToDeliver' });
    expect(contextOf(snapshot).delivered !== undefined, 'a delivery reported').toBe(reported);
  },
};

describeEdgePaths({
  oracle,
  machineId: 'operatorPurchase',
  machine,
  scenarios: [
    {
      label: 'a payment link: a handshake, a wallet charge and card scans',
      input: { plan: undefined },
      events,
      serializeState,
    },
    { label: 'a vend, paid by a hold or a sale', input: { plan: PLAN }, events: deliveryEvents, serializeState },
  ],
});
