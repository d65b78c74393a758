import type { Language, MachineProof, Menu } from '../../machines/menu/menu.types';
import { payPageMachine, type PayPageContext, type PayPageInput } from '../../machines/pay-page/pay-page.machine';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import { ApiError } from '../../machines/shared/api-failure';
import { splashMachine } from '../../machines/splash/splash.machine';
import { inactiveMenu, listMenu } from '../fixtures/menus';
import { purchaseSettings } from '../fixtures/purchases';
import { idleMachine, pendingPromise, standInFor } from '../fixtures/stand-ins';
import { describeEdgePaths, expectTags, samplesOf, serializeWith, stays, to, type Oracle } from './edge-coverage';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { expect } from 'vitest';

/** requirements.md §6, §9: the languages offered until the machine's menu limits them. */
const SPEC_LANGUAGES: readonly Language[] = ['en', 'he', 'fr', 'es'];

/** The splash, the menu call and the purchase are stand-ins: only the page's own edges are walked. */
const machine = payPageMachine.provide({
  actors: {
    splash: standInFor(splashMachine, idleMachine('splash')),
    purchase: standInFor(purchaseMachine, idleMachine('purchase')),
    fetchMenu: pendingPromise<Menu, { machineId: string; proof: MachineProof }>(),
  },
  actions: { applyLanguage: () => {}, rememberLanguage: () => {} },
});

const events = samplesOf([
  { type: 'xstate.done.actor.splash', output: undefined },
  // raised by the chart as the splash ends; sent on its own it must change nothing else
  { type: 'splash.over' },
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

const serializeState = serializeWith((context: PayPageContext) => ({
  language: context.language,
  menu: context.menu === undefined ? 'none' : context.menu.is_active ? 'active' : 'inactive',
  failure: context.failure?.kind,
}));

const input = (machineClosed: boolean): PayPageInput => ({
  machineId: 'machine-7',
  proof: { qr: 'c0de-7' },
  machineClosed,
  language: 'fr',
  purchaseSettings: purchaseSettings(),
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PayPageContext;

/**
 * requirements.md §2/§8 for /pay: the splash runs beside the menu call; a closed or inactive machine says so,
 * 404/400 is an unknown machine, any other failure may be retried. The language is one the menu offers,
 * else en.
 */
const oracle: Oracle = {
  next: (before, event) => {
    const context = contextOf(before);
    const sample = event as EventObject & { output?: Menu; error?: unknown; language?: Language };
    switch (sample.type) {
      // Once the splash is over, a menu still loading shows the product view's skeleton.
      case 'xstate.done.actor.splash':
        return to(
          before.matches({ menu: 'LoadingMenu' })
            ? { splash: 'Finished', menu: { LoadingMenu: 'ShowingSkeleton' } }
            : { splash: 'Finished' },
        );
      case 'splash.over':
        return before.matches({ menu: { LoadingMenu: 'UnderSplash' } })
          ? to({ menu: { LoadingMenu: 'ShowingSkeleton' } })
          : stays();
      case 'xstate.done.actor.fetchMenu': {
        const menu = sample.output as Menu;
        const language = menu.available_languages.includes(context.language) ? context.language : 'en';
        const active = !context.machineClosed && menu.is_active;
        return to({ menu: active ? 'Ready' : 'MachineNotActive' }, (after) =>
          expect(contextOf(after)).toMatchObject({ menu, language }),
        );
      }
      case 'xstate.error.actor.fetchMenu': {
        const { failure } = sample.error as ApiError;
        if (context.machineClosed) return to({ menu: 'MachineNotActive' });
        if (failure.kind === 'http' && [400, 404].includes(failure.status)) return to({ menu: 'MachineNotFound' });
        return to({ menu: 'MenuUnavailable' }, (after) => expect(contextOf(after).failure).toEqual(failure));
      }
      case 'language.change': {
        const offered = context.menu?.available_languages ?? SPEC_LANGUAGES;
        const language = sample.language && offered.includes(sample.language) ? sample.language : context.language;
        return stays((after) => expect(contextOf(after).language).toBe(language));
      }
      case 'menu.retry':
        return to(
          { menu: { LoadingMenu: before.matches({ splash: 'Finished' }) ? 'ShowingSkeleton' : 'UnderSplash' } },
          (after) => expect(contextOf(after).failure).toBeUndefined(),
        );
      default:
        throw new Error(`the pay page oracle does not know ${sample.type}`);
    }
  },
  contract: (snapshot) => {
    expectTags(snapshot, {
      loading: [{ menu: 'LoadingMenu' }],
      skeleton: [{ menu: { LoadingMenu: 'ShowingSkeleton' } }],
    });
    const { menu, failure, language } = contextOf(snapshot);
    if (snapshot.matches({ menu: 'Ready' })) expect(menu?.is_active, 'the purchase runs on an active menu').toBe(true);
    expect(failure !== undefined, 'a failure is shown').toBe(snapshot.matches({ menu: 'MenuUnavailable' }));
    if (menu) expect(menu.available_languages).toContain(language);
  },
};

describeEdgePaths({
  oracle,
  machineId: 'payPage',
  machine,
  scenarios: [
    { label: 'open machine', input: input(false), events, serializeState },
    { label: 'machine_close=true', input: input(true), events, serializeState },
  ],
});
