import { assign, fromPromise, raise, stateIn } from 'xstate';
import { setup } from '../shared/chart-setup';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type EarlyMenu,
  type Language,
  type MachineProof,
  type Menu,
} from '../menu/menu.types';
import { purchaseMachine } from '../purchase/purchase.machine';
import type { PurchaseSettings } from '../purchase/purchase.types';
import { ApiError, isHttpStatus, type ApiFailure } from '../shared/api-failure';
import { splashMachine } from '../splash/splash.machine';
import { providedAtTheEdge } from '../shared/provided-at-the-edge';

export interface PayPageInput {
  machineId: string;
  /** What menu/get needs to answer with the machine's menu: its sticker's code, or the payment link. */
  proof: MachineProof;
  /** `machine_close=true` in the query: the machine is shown as not active (requirements.md §2). */
  machineClosed: boolean;
  /** The language remembered in the cookie, or the default. */
  language: Language;
  purchaseSettings: PurchaseSettings;
  /** The menu request index.html sent before the page's code ran (/pay only); its answer serves the first load. */
  earlyMenu?: EarlyMenu | undefined;
}

export interface PayPageContext extends PayPageInput {
  menu: Menu | undefined;
  failure: ApiFailure | undefined;
}

export type PayPageEvent =
  | { type: 'language.change'; language: Language }
  | { type: 'menu.retry' }
  /** Raised by the chart when the splash has ended (or was skipped): the page is in view. */
  | { type: 'splash.over' };

function offeredLanguages(menu: Menu | undefined): readonly Language[] {
  return menu?.available_languages ?? LANGUAGES;
}

function requireMenu(context: PayPageContext): Menu {
  if (!context.menu) throw new Error('the purchase starts only once the menu has loaded');
  return context.menu;
}

/**
 * The /pay page: the splash runs beside the menu call; the menu decides between the machine
 * conditions of requirements.md §4 (not found, not active) and the purchase itself.
 */
export const payPageMachine = setup({
  types: {
    context: {} as PayPageContext,
    events: {} as PayPageEvent,
    input: {} as PayPageInput,
    children: {} as { splash: 'splash'; purchase: 'purchase'; fetchMenu: 'fetchMenu' },
  },
  actors: {
    splash: splashMachine,
    purchase: purchaseMachine,
    /** GET /api/menu/get, answered by the early request when that is still unclaimed. */
    fetchMenu: fromPromise<Menu, { machineId: string; proof: MachineProof; earlyMenu?: EarlyMenu | undefined }>(
      providedAtTheEdge('fetchMenu'),
    ),
  },
  actions: {
    /** Switches the interface language and text direction. */
    applyLanguage: (_, _language: Language) => {},
    /** Keeps the visitor's choice in the language cookie. */
    rememberLanguage: (_, _language: Language) => {},
    keepMenu: assign({ menu: (_, menu: Menu) => menu }),
    /** Falls back to en when the remembered language is not one the machine offers. */
    settleLanguage: assign({
      language: ({ context }) =>
        offeredLanguages(context.menu).includes(context.language) ? context.language : DEFAULT_LANGUAGE,
    }),
    chooseLanguage: assign({ language: (_, language: Language) => language }),
  },
  guards: {
    // 404: no such machine; 400: the API refused the machine id itself (missing or malformed).
    machineNotFound: (_, error: unknown) => isHttpStatus(error, 404) || isHttpStatus(error, 400),
    machineClosed: ({ context }) => context.machineClosed,
    machineNotActive: ({ context }, menu: Menu) => context.machineClosed || !menu.is_active,
    languageOffered: ({ context }, language: Language) => offeredLanguages(context.menu).includes(language),
  },
}).createMachine({
  id: 'payPage',
  type: 'parallel',
  context: ({ input }) => ({ ...input, menu: undefined, failure: undefined }),
  on: {
    'language.change': {
      guard: { type: 'languageOffered', params: ({ event }) => event.language },
      actions: [
        { type: 'chooseLanguage', params: ({ event }) => event.language },
        { type: 'applyLanguage', params: ({ event }) => event.language },
        { type: 'rememberLanguage', params: ({ event }) => event.language },
      ],
    },
  },
  states: {
    splash: {
      initial: 'Showing',
      states: {
        Showing: {
          invoke: {
            id: 'splash',
            src: 'splash',
            onDone: { target: 'Finished', actions: raise({ type: 'splash.over' }) },
          },
        },
        Finished: { type: 'final' },
      },
    },
    menu: {
      initial: 'LoadingMenu',
      states: {
        LoadingMenu: {
          tags: ['loading'],
          // The splash covers the page while it shows; once it is over (or was seen before) and the menu has
          // not come, the product view's skeleton says the page is working.
          initial: 'UnderSplash',
          states: {
            UnderSplash: { on: { 'splash.over': 'ShowingSkeleton' } },
            ShowingSkeleton: { tags: ['skeleton'] },
          },
          invoke: {
            id: 'fetchMenu',
            src: 'fetchMenu',
            input: ({ context }) => ({
              machineId: context.machineId,
              proof: context.proof,
              earlyMenu: context.earlyMenu,
            }),
            onDone: [
              {
                guard: { type: 'machineNotActive', params: ({ event }) => event.output },
                target: 'MachineNotActive',
                actions: [
                  { type: 'keepMenu', params: ({ event }) => event.output },
                  'settleLanguage',
                  { type: 'applyLanguage', params: ({ context }) => context.language },
                ],
              },
              {
                target: 'Ready',
                actions: [
                  { type: 'keepMenu', params: ({ event }) => event.output },
                  'settleLanguage',
                  { type: 'applyLanguage', params: ({ context }) => context.language },
                ],
              },
            ],
            onError: [
              // A machine closed by its QR code (machine_close=true) says so whatever the menu call did.
              { guard: 'machineClosed', target: 'MachineNotActive' },
              {
                guard: { type: 'machineNotFound', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: 'MachineNotFound',
              },
              {
                target: 'MenuUnavailable',
                actions: assign({
                  failure: ({ event }) =>
                    event.error instanceof ApiError ? event.error.failure : { kind: 'offline' as const },
                }),
              },
            ],
          },
        },
        MachineNotFound: {},
        MachineNotActive: {},
        /** The menu call failed for another reason: the visitor can retry or call support. */
        MenuUnavailable: {
          on: {
            'menu.retry': [
              // The visitor asked again after the splash: the skeleton shows at once.
              {
                guard: stateIn({ splash: 'Finished' }),
                target: 'LoadingMenu.ShowingSkeleton',
                actions: assign({ failure: undefined }),
              },
              { target: 'LoadingMenu', actions: assign({ failure: undefined }) },
            ],
          },
        },
        Ready: {
          invoke: {
            id: 'purchase',
            src: 'purchase',
            input: ({ context }) => ({
              machineId: context.machineId,
              menu: requireMenu(context),
              ...context.purchaseSettings,
            }),
          },
        },
      },
    },
  },
});
