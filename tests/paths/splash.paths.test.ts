import { splashMachine } from '../../machines/splash/splash.machine';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, expectTags, samplesOf, to, type Oracle } from './edge-coverage';
import type { EventObject } from 'xstate';

const machine = splashMachine.provide({
  actors: { readSplashSeen: pendingPromise<boolean>() },
  actions: { rememberSplashSeen: () => {} },
});

/** requirements.md §9: a colour logo, then a white one, unless the visitor has seen the splash before. */
const oracle: Oracle = {
  next: (_before, event) => {
    const sample = event as EventObject & { output?: boolean };
    switch (sample.type) {
      case 'xstate.done.actor.readSplashSeen':
        return to(sample.output ? 'Done' : 'ShowingColourLogo');
      case 'xstate.after.splashSlide.splash.ShowingColourLogo':
        return to('ShowingWhiteLogo');
      case 'xstate.after.splashSlide.splash.ShowingWhiteLogo':
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
        { type: 'xstate.after.splashSlide.splash.ShowingColourLogo' },
        { type: 'xstate.after.splashSlide.splash.ShowingWhiteLogo' },
      ]),
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
    },
  ],
});
