import { splashMachine } from '../../machines/splash/splash.machine';
import { pendingPromise } from '../fixtures/stand-ins';
import { describeEdgePaths, samplesOf } from './edge-coverage';

const machine = splashMachine.provide({
  actors: { readSplashSeen: pendingPromise<boolean>() },
  actions: { rememberSplashSeen: () => {} },
});

describeEdgePaths({
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
