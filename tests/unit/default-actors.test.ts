/**
 * A machine's default actors stand in for effects provided at the edge (src/actors). Run without
 * them, a machine must fail where the first effect should happen — never go on as if it had.
 */
import { describe, expect, it } from 'vitest';
import { createActor, StateMachine, type AnyActorLogic, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { paymentIntentMachine } from '../../machines/custom-payment/payment-intent.machine';
import { deliveryMachine } from '../../machines/delivery/delivery.machine';
import { testLinksMachine } from '../../machines/info/test-links.machine';
import { payPageMachine } from '../../machines/pay-page/pay-page.machine';
import { applePayMachine } from '../../machines/payment/methods/apple-pay/apple-pay.machine';
import { bitMachine } from '../../machines/payment/methods/bit/bit.machine';
import { cardFieldsMachine } from '../../machines/payment/methods/card-fields/card-fields.machine';
import { cardScanMachine } from '../../machines/payment/methods/card-scan/card-scan.machine';
import { googlePayMachine } from '../../machines/payment/methods/google-pay/google-pay.machine';
import { hostedPageMachine } from '../../machines/payment/methods/hosted-page/hosted-page.machine';
import { stripeMachine } from '../../machines/payment/methods/stripe/stripe.machine';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import { splashMachine } from '../../machines/splash/splash.machine';
import { vacuumMachine } from '../../machines/vacuum/vacuum.machine';
import { wheelshareMachine } from '../../machines/wheelshare/wheelshare.machine';
import { charts } from '../../scripts/machines';
import { cola, listMenu } from '../fixtures/menus';
import { singleLineOrder } from '../fixtures/orders';
import { HOSTED_PAGE, purchaseInput, purchaseSettings } from '../fixtures/purchases';

const failureOf = (actor: string) => `${actor} is provided at the edge`;

/** Lets every settled promise deliver its result. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

interface BareRun {
  machine: AnyStateMachine;
  input?: unknown;
  /** What takes the machine to the state that invokes `reaches`. */
  events?: AnyEventObject[];
  /** The first effect on the way: the one that must fail. */
  reaches: string;
}

const bareRuns: BareRun[] = [
  { machine: splashMachine, reaches: 'readSplashSeen' },
  {
    machine: payPageMachine,
    input: { machineId: 'machine-7', machineClosed: false, language: 'en', purchaseSettings: purchaseSettings() },
    reaches: 'fetchMenu',
  },
  {
    machine: purchaseMachine,
    input: purchaseInput(listMenu),
    events: [{ type: 'product.select', productId: cola.id }, { type: 'purchase.continue' }],
    reaches: 'setPurchase',
  },
  {
    machine: vacuumMachine,
    input: {
      machineId: '1008',
      products: [cola],
      promotion: { count: 1, amount: 3 },
      now: '10:00',
      promotionMember: false,
    },
    events: [
      { type: 'product.select', productId: cola.id },
      { type: 'selection.continue' },
      { type: 'loyalty.join' },
      { type: 'contact.change', value: '0501234567' },
      { type: 'signup.submit' },
    ],
    reaches: 'joinPromotion',
  },
  {
    machine: wheelshareMachine,
    input: { machineId: '15', language: 'en', now: new Date(2031, 2, 10, 10, 30).getTime() },
    events: [
      { type: 'choice.select', choice: 'rent' },
      { type: 'phone.change', phone: '0501234567' },
      { type: 'form.submit' },
    ],
    reaches: 'setPurchase',
  },
  { machine: paymentIntentMachine, input: { query: 'machine_id=7&price=10' }, reaches: 'fetchIntent' },
  {
    machine: testLinksMachine,
    input: {
      form: {
        machineId: '1001',
        amount: '10.00',
        description: 'Test payment',
        successUrl: 'https://pay.example/test',
        failureUrl: 'https://pay.example/test',
      },
      origin: 'https://pay.example',
      sandbox: true,
    },
    events: [{ type: 'links.sign' }],
    reaches: 'signLinks',
  },
  { machine: googlePayMachine, input: { order: singleLineOrder }, reaches: 'loadGooglePay' },
  { machine: applePayMachine, input: { order: singleLineOrder }, reaches: 'prepareApplePay' },
  { machine: cardFieldsMachine, input: { order: singleLineOrder, terminal: 'terminal-1' }, reaches: 'mountCardFields' },
  { machine: hostedPageMachine, input: { order: singleLineOrder, ...HOSTED_PAGE }, reaches: 'fetchPaymentPage' },
  { machine: stripeMachine, input: { order: singleLineOrder }, reaches: 'loadStripe' },
  { machine: cardScanMachine, input: { order: singleLineOrder }, reaches: 'startCardScan' },
  { machine: bitMachine, input: { order: singleLineOrder }, reaches: 'initBitPayment' },
  {
    machine: deliveryMachine,
    input: { machineId: '1001', sessionId: 'session-1', expected: 'vend' },
    reaches: 'checkDelivery',
  },
];

/** How each invoked effect (not a child machine) ended, as the machine under test was told. */
async function runBare({ machine, input, events = [] }: BareRun) {
  const effectsEnded: { actor: string; error?: string }[] = [];
  const effectIds = new Set(
    Object.entries(machine.implementations.actors)
      .filter(([, logic]) => !(logic instanceof StateMachine))
      .map(([id]) => id),
  );
  const actor = createActor(machine, {
    input,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.event' || inspection.actorRef !== actor) return;
      const [, kind, id = ''] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(inspection.event.type) ?? [];
      if (!kind || !effectIds.has(id)) return;
      const error: unknown = (inspection.event as { error?: unknown }).error;
      effectsEnded.push(kind === 'done' ? { actor: id } : { actor: id, error: (error as Error).message });
    },
  });
  // A chart without an error edge for that effect fails as a whole: that is loud enough, not unhandled.
  actor.subscribe({ error: () => {} });
  actor.start();
  for (const event of events) actor.send(event);
  await settle();
  return { effectsEnded, status: actor.getSnapshot().status };
}

describe('a machine run without its actors', () => {
  it.each(bareRuns.map((run) => [`${run.machine.id} (${run.reaches})`, run] as const))(
    '%s fails at its first effect instead of going on',
    async (_, run) => {
      const { effectsEnded } = await runBare(run);

      expect(effectsEnded[0]).toEqual({ actor: run.reaches, error: failureOf(run.reaches) });
      expect(effectsEnded.filter((ended) => ended.error === undefined)).toEqual([]);
    },
  );

  it('stops a chart that has no error edge for the effect', async () => {
    const splash = await runBare({ machine: splashMachine, reaches: 'readSplashSeen' });

    expect(splash.status).toBe('error');
  });
});

/** Every default effect of every chart, including those a bare run cannot reach (they come after another). */
const defaultEffects = charts.flatMap(({ machine }) =>
  Object.entries(machine.implementations.actors as Record<string, AnyActorLogic>)
    .filter(([, logic]) => !(logic instanceof StateMachine))
    .map(([id, logic]) => [`${machine.id}.${id}`, id, logic] as const),
);

describe('every default effect', () => {
  it('covers the effects of every chart that has any', () => {
    expect(new Set(defaultEffects.map(([name]) => name.split('.')[0]))).toEqual(
      new Set(bareRuns.map((run) => run.machine.id)),
    );
  });

  it.each(defaultEffects)('%s fails with its name when run', async (_, id, logic) => {
    const errors: unknown[] = [];
    const actor = createActor(logic, { input: {} });
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    await settle();

    expect(errors).toEqual([new Error(failureOf(id))]);
  });
});
