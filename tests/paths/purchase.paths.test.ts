import { amountEntryMachine } from '../../machines/amount-entry/amount-entry.machine';
import type { Menu } from '../../machines/menu/menu.types';
import { purchaseMachine, type SetPurchaseInput } from '../../machines/purchase/purchase.machine';
import type { PurchaseContext, PurchaseEvent, PurchaseInput } from '../../machines/purchase/purchase.types';
import { ApiError } from '../../machines/shared/api-failure';
import { gridMenu, listMenu, priceInputMenu, quantityMenu } from '../fixtures/menus';
import { idleMachine, pendingPromise, standInFor } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, type PathScenario } from './edge-coverage';

/** The spawned keypad and the set_purchase call are stand-ins: only the purchase's own edges are walked. */
const machine = purchaseMachine.provide({
  actors: {
    amountEntry: standInFor(amountEntryMachine, idleMachine('amountEntry')),
    setPurchase: pendingPromise<string, SetPurchaseInput>(),
  },
});

/** Quantities 1..3 reach both quantity edges; the traversal stops adding there. */
const MAX_WALKED_QUANTITY = 3;

type InternalEvent = { type: `xstate.${string}`; output?: unknown; error?: unknown };

function scenario(menu: Menu): PathScenario {
  const input: PurchaseInput = { machineId: 'machine-7', menu, applePayAvailable: false };
  return {
    label: `${menu.product_view} menu`,
    input,
    events: (snapshot) => {
      const context = snapshot.context as PurchaseContext;
      const events: (PurchaseEvent | InternalEvent)[] = [
        // available and unavailable products: both branches of productSelectable
        ...menu.products.map((product): PurchaseEvent => ({ type: 'product.select', productId: product.id })),
        { type: 'purchase.continue' },
        { type: 'xstate.done.actor.setPurchase', output: 'session-1' },
        { type: 'xstate.error.actor.setPurchase', error: new ApiError({ kind: 'http', status: 500 }) },
        // offered with and without a popup, and one not offered (apple_pay on a browser without it)
        { type: 'method.select', method: 'google_pay' },
        { type: 'method.select', method: 'credit_card' },
        { type: 'method.select', method: 'apple_pay' },
        { type: 'method.continue' },
        { type: 'popup.continue' },
        { type: 'popup.cancel' },
        { type: 'drawer.close' },
        { type: 'payment.succeeded', transactionId: 'tx-1', message: 'Approved' },
        { type: 'payment.failed', transactionId: 'tx-2', message: 'Declined', code: 51 },
        { type: 'purchase.retry' },
      ];
      const samples = samplesOf(events);
      // only the keypad of a PRICE_INPUT menu confirms an amount
      samples['amount.confirmed'] =
        menu.product_view === 'PRICE_INPUT' ? [{ type: 'amount.confirmed', amount: 12.5 }] : [];
      samples['quantity.increment'] = context.quantity < MAX_WALKED_QUANTITY ? [{ type: 'quantity.increment' }] : [];
      samples['quantity.decrement'] = [{ type: 'quantity.decrement' }];
      return samples;
    },
    serializeState: (snapshot) => {
      const context = snapshot.context as PurchaseContext;
      return JSON.stringify({
        value: snapshot.value as unknown,
        selectedIds: context.selectedIds,
        quantity: context.quantity,
        customAmount: context.customAmount,
        sessionId: context.sessionId,
        submitFailure: context.submitFailure?.kind,
        method: context.method,
        outcome: context.outcome,
      });
    },
  };
}

describeEdgePaths({
  machineId: 'purchase',
  machine,
  scenarios: [listMenu, gridMenu, quantityMenu, priceInputMenu].map(scenario),
});
