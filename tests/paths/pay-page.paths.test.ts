import type { Menu } from '../../machines/menu/menu.types';
import { payPageMachine, type PayPageContext, type PayPageInput } from '../../machines/pay-page/pay-page.machine';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import { ApiError } from '../../machines/shared/api-failure';
import { splashMachine } from '../../machines/splash/splash.machine';
import { inactiveMenu, listMenu } from '../fixtures/menus';
import { purchaseSettings } from '../fixtures/purchases';
import { idleMachine, pendingPromise, standInFor } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf, type PathScenario } from './edge-coverage';

/** The splash, the menu call and the purchase are stand-ins: only the page's own edges are walked. */
const machine = payPageMachine.provide({
  actors: {
    splash: standInFor(splashMachine, idleMachine('splash')),
    purchase: standInFor(purchaseMachine, idleMachine('purchase')),
    fetchMenu: pendingPromise<Menu, { machineId: string }>(),
  },
  actions: { applyLanguage: () => {}, rememberLanguage: () => {} },
});

const events = samplesOf([
  { type: 'xstate.done.actor.splash', output: undefined },
  // both branches of machineNotActive (listMenu offers en and he)
  { type: 'xstate.done.actor.fetchMenu', output: listMenu },
  { type: 'xstate.done.actor.fetchMenu', output: inactiveMenu },
  // both branches of machineNotFound
  { type: 'xstate.error.actor.fetchMenu', error: new ApiError({ kind: 'http', status: 404 }) },
  { type: 'xstate.error.actor.fetchMenu', error: new ApiError({ kind: 'http', status: 500 }) },
  // offered by listMenu, and offered only before a menu narrows the languages
  { type: 'language.change', language: 'he' },
  { type: 'language.change', language: 'fr' },
  { type: 'menu.retry' },
]);

const serializeState: PathScenario['serializeState'] = (snapshot) => {
  const context = snapshot.context as PayPageContext;
  return JSON.stringify({
    value: snapshot.value as unknown,
    language: context.language,
    menu: context.menu === undefined ? 'none' : context.menu.is_active ? 'active' : 'inactive',
    failure: context.failure?.kind,
  });
};

const input = (machineClosed: boolean): PayPageInput => ({
  machineId: 'machine-7',
  machineClosed,
  language: 'fr',
  purchaseSettings: purchaseSettings(),
});

describeEdgePaths({
  machineId: 'payPage',
  machine,
  scenarios: [
    { label: 'open machine', input: input(false), events, serializeState },
    { label: 'machine_close=true', input: input(true), events, serializeState },
  ],
});
