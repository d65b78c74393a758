import { describe, it, expect } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock, waitFor, type AnyActorLogic } from 'xstate';
import type { EarlyMenu, Language, MachineProof, Menu } from '../../machines/menu/menu.types';
import { payPageMachine, type PayPageInput } from '../../machines/pay-page/pay-page.machine';
import {
  selectLanguage,
  selectMenuCondition,
  selectOfferedLanguages,
  selectPurchase,
  selectSplash,
  selectSupportPhone,
  type MenuCondition,
} from '../../machines/pay-page/pay-page.selectors';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import type { PurchaseInput } from '../../machines/purchase/purchase.types';
import { ApiError } from '../../machines/shared/api-failure';
import { splashMachine } from '../../machines/splash/splash.machine';
import { inactiveMenu, listMenu, makeMenu } from '../fixtures/menus';
import { earlierPurchase, HOSTED_PAGE, purchaseSettings, returnedFromBit } from '../fixtures/purchases';
import { idleMachine, standInFor } from '../fixtures/stand-ins';

/** Records the input it was invoked with, so the test can see what the page handed over. */
const purchaseStandIn = setup({
  types: { input: {} as PurchaseInput, context: {} as PurchaseInput },
}).createMachine({ id: 'purchaseStandIn', context: ({ input }) => input, initial: 'Idle', states: { Idle: {} } });

interface Options {
  fetchMenu: () => Promise<Menu>;
  input?: Partial<PayPageInput>;
  splash?: AnyActorLogic;
  clock?: SimulatedClock;
}

function startPage({ fetchMenu, input, splash, clock }: Options) {
  const applied: Language[] = [];
  const remembered: Language[] = [];
  const fetched: { machineId: string; proof: MachineProof; earlyMenu?: EarlyMenu | undefined }[] = [];
  const actor = createActor(
    payPageMachine.provide({
      actors: {
        splash: standInFor(splashMachine, splash ?? idleMachine('splash')),
        purchase: standInFor(purchaseMachine, purchaseStandIn),
        fetchMenu: fromPromise<Menu, { machineId: string; proof: MachineProof; earlyMenu?: EarlyMenu | undefined }>(
          ({ input: fetchInput }) => {
            fetched.push(fetchInput);
            return fetchMenu();
          },
        ),
      },
      actions: {
        applyLanguage: (_, language: Language) => {
          applied.push(language);
        },
        rememberLanguage: (_, language: Language) => {
          remembered.push(language);
        },
      },
    }),
    {
      input: {
        machineId: 'machine-7',
        proof: { qr: 'c0de-7' },
        machineClosed: false,
        language: 'en',
        purchaseSettings: purchaseSettings(),
        ...input,
      },
      ...(clock ? { clock } : {}),
    },
  ).start();
  const snapshot = () => actor.getSnapshot();
  const menuState = () => snapshot().value.menu;
  const settled = () => waitFor(actor, (s) => !s.hasTag('loading'));
  return { actor, snapshot, menuState, settled, applied, remembered, fetched };
}

const fails = (error: Error) => (): Promise<Menu> => Promise.reject(error);
const answers = (menu: Menu) => (): Promise<Menu> => Promise.resolve(menu);

describe('payPageMachine', () => {
  it('starts with the splash showing and the menu loading', () => {
    const page = startPage({ fetchMenu: () => new Promise<Menu>(() => {}) });
    expect(page.snapshot().value).toEqual({ splash: 'Showing', menu: { LoadingMenu: 'UnderSplash' } });
    expect(page.snapshot().hasTag('skeleton')).toBe(false);
    expect(page.snapshot().hasTag('loading')).toBe(true);
    expect(page.fetched).toEqual([{ machineId: 'machine-7', proof: { qr: 'c0de-7' } }]);
    expect(page.snapshot().children.splash).toBeDefined();
  });

  it('hands the menu request index.html sent (its input) to the menu call; whether it is still unclaimed is the call’s to see', async () => {
    const earlyMenu: EarlyMenu = {
      url: 'https://api.example/v4/api/menu/get?machine_id=machine-7',
      claim: () => undefined,
    };
    let attempt = 0;
    const page = startPage({
      fetchMenu: () => {
        attempt += 1;
        return attempt === 1 ? Promise.reject(new ApiError({ kind: 'offline' })) : Promise.resolve(listMenu);
      },
      input: { earlyMenu },
    });
    await page.settled();
    page.actor.send({ type: 'menu.retry' });
    await page.settled();
    expect(page.fetched).toEqual([
      { machineId: 'machine-7', proof: { qr: 'c0de-7' }, earlyMenu },
      { machineId: 'machine-7', proof: { qr: 'c0de-7' }, earlyMenu },
    ]);
  });

  describe('menu conditions (requirements.md §4)', () => {
    it('a 404 ApiError means MachineNotFound', async () => {
      const page = startPage({ fetchMenu: fails(new ApiError({ kind: 'http', status: 404 })) });
      await page.settled();
      expect(page.menuState()).toBe('MachineNotFound');
      expect(page.snapshot().context.menu).toBeUndefined();
    });

    it('another failure means MenuUnavailable with the typed failure; menu.retry reloads', async () => {
      let attempt = 0;
      const page = startPage({
        fetchMenu: () => {
          attempt += 1;
          return attempt === 1
            ? Promise.reject(new ApiError({ kind: 'http', status: 500, message: 'oops' }))
            : Promise.resolve(listMenu);
        },
      });
      await page.settled();
      expect(page.menuState()).toBe('MenuUnavailable');
      expect(page.snapshot().context.failure).toEqual({ kind: 'http', status: 500, message: 'oops' });

      page.actor.send({ type: 'menu.retry' });
      expect(page.menuState()).toEqual({ LoadingMenu: 'UnderSplash' });
      expect(page.snapshot().context.failure).toBeUndefined();
      await page.settled();
      expect(page.fetched).toHaveLength(2);
      expect(page.menuState()).toBe('Ready');
    });

    it('timeouts and offline are MenuUnavailable too', async () => {
      const timeout = startPage({ fetchMenu: fails(new ApiError({ kind: 'timeout' })) });
      await timeout.settled();
      expect(timeout.menuState()).toBe('MenuUnavailable');
      expect(timeout.snapshot().context.failure).toEqual({ kind: 'timeout' });
    });

    it('an error that is not an ApiError counts as offline', async () => {
      const page = startPage({ fetchMenu: fails(new TypeError('Failed to fetch')) });
      await page.settled();
      expect(page.menuState()).toBe('MenuUnavailable');
      expect(page.snapshot().context.failure).toEqual({ kind: 'offline' });
    });

    it('menu.retry is ignored outside MenuUnavailable', async () => {
      const page = startPage({ fetchMenu: fails(new ApiError({ kind: 'http', status: 404 })) });
      await page.settled();
      page.actor.send({ type: 'menu.retry' });
      expect(page.menuState()).toBe('MachineNotFound');
      expect(page.fetched).toHaveLength(1);
    });

    it('is_active false means MachineNotActive, and the menu is kept', async () => {
      const page = startPage({ fetchMenu: answers(inactiveMenu) });
      await page.settled();
      expect(page.menuState()).toBe('MachineNotActive');
      expect(page.snapshot().context.menu).toBe(inactiveMenu);
      expect(page.snapshot().children.purchase).toBeUndefined();
    });

    it('machine_close=true means MachineNotActive even for an active machine', async () => {
      const page = startPage({ fetchMenu: answers(listMenu), input: { machineClosed: true } });
      await page.settled();
      expect(page.menuState()).toBe('MachineNotActive');
    });

    it('an active machine is Ready, with the purchase invoked on its menu and the page’s purchase settings', async () => {
      const settings = purchaseSettings({
        applePaySupported: true,
        applePayAvailable: true,
        latestPurchase: earlierPurchase,
        returnedPayment: returnedFromBit,
      });
      const page = startPage({ fetchMenu: answers(listMenu), input: { purchaseSettings: settings } });
      await page.settled();
      expect(page.menuState()).toBe('Ready');
      const purchase = page.snapshot().children.purchase;
      expect(purchase).toBeDefined();
      expect(purchase?.getSnapshot().context).toEqual({
        machineId: 'machine-7',
        menu: listMenu,
        applePaySupported: true,
        applePayAvailable: true,
        hostedPage: HOSTED_PAGE,
        cardScanOrigin: 'https://scan.card.test',
        latestPurchase: earlierPurchase,
        returnedPayment: returnedFromBit,
      });
    });

    it('without a payment back from Bit the purchase is told none', async () => {
      const page = startPage({ fetchMenu: answers(listMenu) });
      await page.settled();
      const context = page.snapshot().children.purchase?.getSnapshot().context;
      expect(context?.menu).toBe(listMenu);
      expect(context?.returnedPayment).toBeUndefined();
      expect(context?.latestPurchase).toBeUndefined();
    });
  });

  describe('language', () => {
    it('settles to en when the remembered language is not offered, and applies it', async () => {
      const page = startPage({ fetchMenu: answers(listMenu), input: { language: 'fr' } });
      await page.settled();
      expect(page.snapshot().context.language).toBe('en');
      expect(page.applied).toEqual(['en']);
      expect(page.remembered).toEqual([]);
    });

    it('keeps an offered remembered language and applies it', async () => {
      const page = startPage({ fetchMenu: answers(listMenu), input: { language: 'he' } });
      await page.settled();
      expect(page.snapshot().context.language).toBe('he');
      expect(page.applied).toEqual(['he']);
    });

    it('settles the language on an inactive machine too', async () => {
      const page = startPage({
        fetchMenu: answers(makeMenu({ is_active: false, available_languages: ['en'] })),
        input: { language: 'es' },
      });
      await page.settled();
      expect(page.menuState()).toBe('MachineNotActive');
      expect(page.snapshot().context.language).toBe('en');
      expect(page.applied).toEqual(['en']);
    });

    it('language.change accepts only offered languages, applying and remembering them', async () => {
      const page = startPage({ fetchMenu: answers(listMenu) });
      await page.settled();
      page.applied.length = 0;

      page.actor.send({ type: 'language.change', language: 'fr' });
      expect(page.snapshot().context.language).toBe('en');
      expect(page.applied).toEqual([]);
      expect(page.remembered).toEqual([]);

      page.actor.send({ type: 'language.change', language: 'he' });
      expect(page.snapshot().context.language).toBe('he');
      expect(page.applied).toEqual(['he']);
      expect(page.remembered).toEqual(['he']);
    });

    it('before the menu arrives every supported language is offered', () => {
      const page = startPage({ fetchMenu: () => new Promise<Menu>(() => {}) });
      page.actor.send({ type: 'language.change', language: 'es' });
      expect(page.snapshot().context.language).toBe('es');
      expect(page.applied).toEqual(['es']);
      expect(page.remembered).toEqual(['es']);
    });

    it('language.change works in every menu state', async () => {
      const page = startPage({ fetchMenu: fails(new ApiError({ kind: 'http', status: 404 })) });
      await page.settled();
      page.actor.send({ type: 'language.change', language: 'fr' });
      expect(page.snapshot().context.language).toBe('fr');
    });
  });

  describe('splash region', () => {
    it('runs the real splash beside the menu and finishes after 2.5 s', async () => {
      const clock = new SimulatedClock();
      const page = startPage({
        fetchMenu: answers(listMenu),
        splash: splashMachine.provide({ actors: { readSplashSeen: fromPromise(() => Promise.resolve(false)) } }),
        clock,
      });
      await page.settled();
      const splash = () => page.snapshot().children.splash;
      await waitFor(page.actor, () => splash()?.getSnapshot().matches('ShowingColourLogo') === true);
      expect(page.snapshot().value).toEqual({ splash: 'Showing', menu: 'Ready' });
      // Each slide's time counts once the view says it is on screen (SimulatedClock: one slide at a time).
      splash()?.send({ type: 'splash.slideShown' });
      clock.increment(1250);
      expect(page.snapshot().value).toEqual({ splash: 'Showing', menu: 'Ready' });
      splash()?.send({ type: 'splash.slideShown' });
      clock.increment(1250);
      expect(page.snapshot().value).toEqual({ splash: 'Finished', menu: 'Ready' });
    });

    it('a splash already seen finishes at once', async () => {
      const page = startPage({
        fetchMenu: () => new Promise<Menu>(() => {}),
        splash: splashMachine.provide({ actors: { readSplashSeen: fromPromise(() => Promise.resolve(true)) } }),
      });
      await waitFor(page.actor, (s) => s.value.splash === 'Finished');
      // The splash is over and the menu has not come: the skeleton shows.
      expect(page.snapshot().value).toEqual({ splash: 'Finished', menu: { LoadingMenu: 'ShowingSkeleton' } });
      expect(selectMenuCondition(page.snapshot())).toBe('skeleton');
    });
  });
});

describe('pay page selectors: what /pay shows (requirements.md §2, §6, §8)', () => {
  const never = () => new Promise<Menu>(() => {});

  it('selectMenuCondition: a spinner while the menu loads, then the machine’s condition', async () => {
    expect(selectMenuCondition(startPage({ fetchMenu: never }).snapshot())).toBe('loading');
    const cases: [Options['fetchMenu'], Partial<PayPageInput>, MenuCondition][] = [
      [fails(new ApiError({ kind: 'http', status: 404 })), {}, 'notFound'],
      [answers(inactiveMenu), {}, 'notActive'],
      [answers(listMenu), { machineClosed: true }, 'notActive'],
      [fails(new ApiError({ kind: 'timeout' })), {}, 'unavailable'],
      [answers(listMenu), {}, 'ready'],
    ];
    for (const [fetchMenu, input, condition] of cases) {
      const page = startPage({ fetchMenu, input });
      await page.settled();
      expect(selectMenuCondition(page.snapshot())).toBe(condition);
    }
  });

  it('selectSupportPhone: the menu’s technician phone, else the product’s default', async () => {
    expect(selectSupportPhone(startPage({ fetchMenu: never }).snapshot(), '+972-default')).toBe('+972-default');
    const page = startPage({ fetchMenu: answers(makeMenu({ technician_phone_number: '+972501112222' })) });
    await page.settled();
    expect(selectSupportPhone(page.snapshot(), '+972-default')).toBe('+972501112222');
    const withoutPhone = startPage({ fetchMenu: answers(makeMenu({ technician_phone_number: '' })) });
    await withoutPhone.settled();
    expect(selectSupportPhone(withoutPhone.snapshot(), '+972-default')).toBe('+972-default');
  });

  it('selectLanguage and selectOfferedLanguages: every supported language until the menu limits them', async () => {
    const page = startPage({ fetchMenu: never, input: { language: 'fr' } });
    expect(selectLanguage(page.snapshot())).toBe('fr');
    expect(selectOfferedLanguages(page.snapshot())).toEqual(['en', 'he', 'fr', 'es']); // requirements.md §6, §9
    const ready = startPage({ fetchMenu: answers(makeMenu({ available_languages: ['en', 'he'] })) });
    await ready.settled();
    expect(selectOfferedLanguages(ready.snapshot())).toEqual(['en', 'he']);
  });

  it('selectSplash and selectPurchase: the running splash, and the purchase once the machine is ready', async () => {
    const page = startPage({ fetchMenu: answers(listMenu) });
    expect(selectSplash(page.snapshot())).toBe(page.snapshot().children.splash);
    expect(selectSplash(page.snapshot())).toBeDefined();
    expect(selectPurchase(page.snapshot())).toBeUndefined();
    await page.settled();
    expect(selectPurchase(page.snapshot())).toBe(page.snapshot().children.purchase);
    expect(selectPurchase(page.snapshot())).toBeDefined();
  });
});
