import type { SnapshotFrom } from 'xstate';
import { LANGUAGES } from '../menu/menu.types';
import { acceptedMarks, type PaymentMark } from '../menu/payment-marks';
import type { payPageMachine } from './pay-page.machine';

type PayPageSnapshot = SnapshotFrom<typeof payPageMachine>;

/** `skeleton`: the menu is still loading with the page in view; `loading`: it loads under the splash. */
export type MenuCondition = 'loading' | 'skeleton' | 'notFound' | 'notActive' | 'unavailable' | 'ready';

export function selectMenuCondition(snapshot: PayPageSnapshot): MenuCondition {
  if (snapshot.matches({ menu: 'MachineNotFound' })) return 'notFound';
  if (snapshot.matches({ menu: 'MachineNotActive' })) return 'notActive';
  if (snapshot.matches({ menu: 'MenuUnavailable' })) return 'unavailable';
  if (snapshot.matches({ menu: 'Ready' })) return 'ready';
  if (snapshot.hasTag('skeleton')) return 'skeleton';
  return 'loading';
}

/** The technician's phone from the menu, or the product's default (requirements.md §6). */
export const selectSupportPhone = (snapshot: PayPageSnapshot, defaultPhone: string) =>
  snapshot.context.menu?.technician_phone_number || defaultPhone;

/** The machine as its sticker names it, once its menu has come (none from an older operator's menu). */
export const selectMachineIdentity = (snapshot: PayPageSnapshot) => snapshot.context.menu?.identity;

export const selectLanguage = (snapshot: PayPageSnapshot) => snapshot.context.language;
export const selectOfferedLanguages = (snapshot: PayPageSnapshot) =>
  snapshot.context.menu?.available_languages ?? LANGUAGES;
export const selectSplash = (snapshot: PayPageSnapshot) => snapshot.children.splash;
export const selectPurchase = (snapshot: PayPageSnapshot) => snapshot.children.purchase;

/** The shape of the view the menu will fill: /vacuum's grid, a payment link's picture and amount, or the list. */
export type SkeletonShape = 'grid' | 'link' | 'list';

export function selectSkeletonShape(snapshot: PayPageSnapshot): SkeletonShape {
  const kind = snapshot.context.purchaseSettings.orderSource?.kind;
  if (kind === 'hourly') return 'grid';
  if (kind === 'fixed') return 'link';
  return 'list';
}

/**
 * The footer's marks: the payments the machine accepts, once its menu has come and it takes payments (an
 * inactive machine's page shows none: nothing can be paid there).
 */
export const selectAcceptedMarks = (snapshot: PayPageSnapshot): PaymentMark[] =>
  snapshot.context.menu && snapshot.matches({ menu: 'Ready' })
    ? acceptedMarks(snapshot.context.menu.frontend_config, snapshot.context.purchaseSettings.applePayAvailable)
    : [];
