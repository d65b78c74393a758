import { fromPromise, setup } from 'xstate';
import { providedAtTheEdge } from '../shared/provided-at-the-edge';

/** requirements.md §9: the splash lasts 2.5 s, shown as two slides of equal length. */
export const SPLASH_SLIDE_MS = 1250;

/**
 * The splash: colour logo, then white logo, unless the visitor has already seen it.
 * Reading and writing the splash cookie are effects provided at the edge.
 */
export const splashMachine = setup({
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
    ShowingColourLogo: {
      tags: ['visible'],
      after: { splashSlide: 'ShowingWhiteLogo' },
    },
    ShowingWhiteLogo: {
      tags: ['visible'],
      after: { splashSlide: { target: 'Done', actions: 'rememberSplashSeen' } },
    },
    Done: { type: 'final' },
  },
});
