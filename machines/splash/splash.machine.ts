import { fromPromise } from 'xstate';
import { setup } from '../shared/chart-setup';
import { providedAtTheEdge } from '../shared/provided-at-the-edge';

/** requirements.md §9: the splash lasts 2.5 s, shown as two slides of equal length. */
export const SPLASH_SLIDE_MS = 1250;

/** Where a slide goes when its time is up. */
interface SlideEnd {
  target: `#splash.${string}`;
  actions?: 'rememberSplashSeen';
}

/**
 * One slide: its time counts from the frame that shows it, which the view reports. A busy phone may
 * paint a slide well after the chart chose it, and the visitor should still see it for the whole slide.
 */
const slide = (end: SlideEnd) => ({
  tags: ['visible'],
  initial: 'Appearing' as const,
  states: {
    Appearing: { on: { 'splash.slideShown': 'OnScreen' as const } },
    OnScreen: { after: { splashSlide: end } },
  },
});

/**
 * The splash: colour logo, then white logo, unless the visitor has already seen it.
 * Reading and writing the splash cookie are effects provided at the edge.
 */
export const splashMachine = setup({
  types: {
    /** The view: the current slide is on screen. */
    events: {} as { type: 'splash.slideShown' },
  },
  actors: {
    readSplashSeen: fromPromise<boolean>(providedAtTheEdge('readSplashSeen')),
  },
  actions: {
    rememberSplashSeen: () => {},
  },
  guards: {
    splashAlreadySeen: (_, seen: boolean) => seen,
  },
  delays: {
    splashSlide: SPLASH_SLIDE_MS,
  },
}).createMachine({
  id: 'splash',
  initial: 'CheckingCookie',
  states: {
    CheckingCookie: {
      invoke: {
        id: 'readSplashSeen',
        src: 'readSplashSeen',
        onDone: [
          { guard: { type: 'splashAlreadySeen', params: ({ event }) => event.output }, target: 'Done' },
          { target: 'ShowingColourLogo' },
        ],
      },
    },
    ShowingColourLogo: slide({ target: '#splash.ShowingWhiteLogo' }),
    ShowingWhiteLogo: slide({ target: '#splash.Done', actions: 'rememberSplashSeen' }),
    Done: { type: 'final' },
  },
});
