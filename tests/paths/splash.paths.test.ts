import { splashMachine } from '../../machines/splash/splash.machine';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, expectTags, samplesOf, stays, to, type Oracle } from './edge-coverage';
import type { EventObject } from 'xstate';

const machine = splashMachine.provide({
  actors: { readSplashSeen: pendingPromise<boolean>() },
  actions: { rememberSplashSeen: () => {} },
});

/**
 * requirements.md §9: a colour logo, then a white one, unless the visitor has seen the splash before;
 * each slide's 1.25 s counts from the frame that shows it (the view reports it).
 */
const oracle: Oracle = {
  next: (before, event) => {
    const sample = event as EventObject & { output?: boolean };
    switch (sample.type) {
      case 'xstate.done.actor.readSplashSeen':
        return to(sample.output ? 'Done' : { ShowingColourLogo: 'Appearing' });
      case 'splash.slideShown':
        if (before.matches({ ShowingColourLogo: 'Appearing' })) return to({ ShowingColourLogo: 'OnScreen' });
        if (before.matches({ ShowingWhiteLogo: 'Appearing' })) return to({ ShowingWhiteLogo: 'OnScreen' });
        return stays();
      case 'xstate.after.splashSlide.splash.ShowingColourLogo.OnScreen':
        return to({ ShowingWhiteLogo: 'Appearing' });
      case 'xstate.after.splashSlide.splash.ShowingWhiteLogo.OnScreen':
        return to('Done');
      default:
        throw new Error(`the splash oracle does not know ${sample.type}`);
    }
  },
  contract: (snapshot) => expectTags(snapshot, { visible: ['ShowingColourLogo', 'ShowingWhiteLogo'] }),
};

describeEdgePaths({
  oracle,
  machineId: 'splash',
  machine,
  scenarios: [
    {
      label: 'cookie check then two slides',
      events: samplesOf([
        // both branches of the splashAlreadySeen guard
        { type: 'xstate.done.actor.readSplashSeen', output: true },
        { type: 'xstate.done.actor.readSplashSeen', output: false },
        // xstate 5.33 names a delayed event `xstate.after.<delay name>.<state id>`
        { type: 'splash.slideShown' },
        { type: 'xstate.after.splashSlide.splash.ShowingColourLogo.OnScreen' },
        { type: 'xstate.after.splashSlide.splash.ShowingWhiteLogo.OnScreen' },
      ]),
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
    },
  ],
});
