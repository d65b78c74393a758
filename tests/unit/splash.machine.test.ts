import { describe, it, expect } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { splashMachine } from '../../machines/splash/splash.machine';

function startSplash(seen: boolean) {
  const clock = new SimulatedClock();
  let remembered = 0;
  const actor = createActor(
    splashMachine.provide({
      actors: { readSplashSeen: fromPromise(() => Promise.resolve(seen)) },
      actions: {
        rememberSplashSeen: () => {
          remembered += 1;
        },
      },
    }),
    { clock },
  ).start();
  return { actor, clock, remembered: () => remembered };
}

describe('splashMachine (requirements.md §9: 2.5 s as two slides)', () => {
  it('checks the cookie first', () => {
    const { actor } = startSplash(false);
    expect(actor.getSnapshot().value).toBe('CheckingCookie');
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
  });

  it('not seen: colour logo, white logo 1250 ms after it is on screen, Done 1250 ms after the white one is, remembered once', async () => {
    const { actor, clock, remembered } = startSplash(false);
    await waitFor(actor, (snapshot) => snapshot.value !== 'CheckingCookie');

    expect(actor.getSnapshot().value).toEqual({ ShowingColourLogo: 'Appearing' });
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    // A slide's time counts from the frame that shows it, not from when the chart chose it.
    clock.increment(5000);
    expect(actor.getSnapshot().value).toEqual({ ShowingColourLogo: 'Appearing' });
    actor.send({ type: 'splash.slideShown' });
    expect(actor.getSnapshot().value).toEqual({ ShowingColourLogo: 'OnScreen' });

    clock.increment(1249);
    expect(actor.getSnapshot().matches('ShowingColourLogo')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ ShowingWhiteLogo: 'Appearing' });
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    clock.increment(5000);
    expect(actor.getSnapshot().value).toEqual({ ShowingWhiteLogo: 'Appearing' });
    expect(remembered()).toBe(0);
    actor.send({ type: 'splash.slideShown' });

    clock.increment(1249);
    expect(actor.getSnapshot().value).toEqual({ ShowingWhiteLogo: 'OnScreen' });
    clock.increment(1); // 2500 ms on screen in total
    expect(actor.getSnapshot().value).toBe('Done');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
    expect(remembered()).toBe(1);

    clock.increment(10_000);
    expect(remembered()).toBe(1);
  });

  it('a second report that the slide is on screen does not restart its time', async () => {
    const { actor, clock } = startSplash(false);
    await waitFor(actor, (snapshot) => snapshot.value !== 'CheckingCookie');
    actor.send({ type: 'splash.slideShown' });
    clock.increment(1000);
    actor.send({ type: 'splash.slideShown' });
    clock.increment(250);
    expect(actor.getSnapshot().value).toEqual({ ShowingWhiteLogo: 'Appearing' });
  });

  it('seen: straight to Done, never remembers again', async () => {
    const { actor, clock, remembered } = startSplash(true);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('Done');
    clock.increment(5000);
    expect(remembered()).toBe(0);
  });

  it('no time passes while the cookie is being read', async () => {
    const clock = new SimulatedClock();
    let resolveSeen: (seen: boolean) => void = () => {};
    const actor = createActor(
      splashMachine.provide({
        actors: { readSplashSeen: fromPromise(() => new Promise<boolean>((resolve) => (resolveSeen = resolve))) },
      }),
      { clock },
    ).start();
    clock.increment(5000);
    expect(actor.getSnapshot().value).toBe('CheckingCookie');
    resolveSeen(false);
    await waitFor(actor, (snapshot) => snapshot.matches('ShowingColourLogo'));
    actor.send({ type: 'splash.slideShown' });
    clock.increment(1250);
    expect(actor.getSnapshot().matches('ShowingWhiteLogo')).toBe(true);
  });
});
