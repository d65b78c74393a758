/**
 * Error reporting and analytics (src/observability) with fakes: this file's build settings turn both
 * on, @sentry/react is a fake module and navigator.sendBeacon a spy, so the real wiring (the charts'
 * inspect option, the router's error page, the page's error listeners) is what runs.
 */
import { createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createActor, createMachine, sendTo } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickInspector, type AnalyticsEvent } from '../../src/observability/analytics';
import { en, renderPayPage } from './harness';
import { payPath } from '../fixtures/machine-pages';

const fakes = vi.hoisted(() => {
  vi.stubEnv('VITE_SENTRY_DSN', 'https://publickey@o42.ingest.sentry.example/7');
  vi.stubEnv('VITE_ANALYTICS_ID', 'G-TEST');
  vi.stubEnv('VITE_ANALYTICS_ENDPOINT', 'https://collect.example/events');
  return { init: vi.fn(), captureException: vi.fn(), sendBeacon: vi.fn((_url: string, _body: string) => true) };
});
vi.mock('@sentry/react', () => ({ init: fakes.init, captureException: fakes.captureException }));
Object.defineProperty(navigator, 'sendBeacon', { value: fakes.sendBeacon, configurable: true });

const PHONE = '0501234567';

/** The analytics events beaconed so far, as the endpoint receives them. */
const beacons = () =>
  fakes.sendBeacon.mock.calls.map(([url, body]) => {
    expect(url).toBe('https://collect.example/events');
    return JSON.parse(body) as Record<string, unknown>;
  });

beforeEach(() => {
  fakes.sendBeacon.mockClear();
  fakes.captureException.mockClear();
  // A payment link's address carries the visitor's phone number; analytics must not.
  window.history.replaceState(null, '', `${payPath(1001)}&phoneNumber=${PHONE}`);
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('analytics', () => {
  it('sends one event per button the visitor taps, named after the statechart event it sent', async () => {
    const { user } = renderPayPage({ machineId: '1001' });
    const products = await screen.findByRole('group', { name: en.products.choose });
    expect(beacons()).toEqual([]); // loading the menu and the splash are not clicks

    await user.click(within(products).getByRole('radio', { name: 'Mineral water' }));
    await user.click(screen.getByRole('button', { name: en.purchase.continue }));
    const dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    await user.click(within(dialog).getByRole('radio', { name: en.methods.names.bit }));
    await user.click(within(dialog).getByRole('button', { name: en.methods.continue }));
    await within(dialog).findByRole('alertdialog', { name: en.popup.bit.title });

    expect(beacons()).toEqual(
      ['product.select', 'purchase.continue', 'method.select', 'method.continue'].map((name) => ({
        measurement_id: 'G-TEST',
        name,
        chart: 'purchase',
        page: '/pay',
      })),
    );
  });

  it('carries no personal data: no query, no phone number, no amounts or card details', async () => {
    const { user } = renderPayPage({ machineId: '1001' });
    const products = await screen.findByRole('group', { name: en.products.choose });
    await user.click(within(products).getByRole('radio', { name: 'Mineral water' }));
    await user.click(screen.getByRole('button', { name: en.purchase.continue }));
    await screen.findByRole('dialog', { name: en.drawer.title });

    expect(fakes.sendBeacon).toHaveBeenCalledTimes(2);
    for (const [, body] of fakes.sendBeacon.mock.calls) {
      expect(Object.keys(JSON.parse(body) as object).sort()).toEqual(['chart', 'measurement_id', 'name', 'page']);
      expect(body).not.toContain(PHONE);
      expect(body).not.toMatch(/\d+\.\d\d|\?|4580|machine_id/);
    }
  });

  it('counts only what a view sent during a click: not typing, not one chart telling another', () => {
    const tracked: AnalyticsEvent[] = [];
    const inspect = clickInspector({ track: (event) => tracked.push(event) });
    const child = createMachine({ id: 'child', on: { 'ping.back': {} } });
    const chart = createActor(
      createMachine({
        id: 'demo',
        invoke: { id: 'child', src: child },
        on: {
          'form.edit': {},
          'button.tap': { actions: sendTo('child', { type: 'ping.back' }) },
        },
      }),
      { inspect },
    ).start();
    const button = document.createElement('button');
    button.addEventListener('click', () => chart.send({ type: 'button.tap' }));
    document.body.append(button);

    chart.send({ type: 'form.edit' }); // e.g. a key typed into a field: no click
    button.click();

    expect(tracked).toEqual([{ name: 'button.tap', chart: 'demo', page: '/pay' }]);
    button.remove();
  });
});

describe('error reporting', () => {
  it('loads Sentry with the configured DSN, without its own global handlers or breadcrumbs', async () => {
    renderPayPage({ machineId: '1001' }); // imports the router's and the page's code, and so the reporter
    await waitFor(() => expect(fakes.init).toHaveBeenCalledTimes(1));
    const [options] = fakes.init.mock.calls[0] as [
      { dsn: string; integrations: (all: { name: string }[]) => { name: string }[] },
    ];
    expect(options.dsn).toBe('https://publickey@o42.ingest.sentry.example/7');
    const kept = options.integrations(['GlobalHandlers', 'Breadcrumbs', 'Dedupe'].map((name) => ({ name })));
    expect(kept.map(({ name }) => name)).toEqual(['Dedupe']);
  });

  it('receives an uncaught error of the page', async () => {
    renderPayPage({ machineId: '1001' });
    await waitFor(() => expect(fakes.init).toHaveBeenCalled());
    const error = new Error('a handler failed');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    expect(fakes.captureException).toHaveBeenCalledWith(error, undefined);
  });

  it('receives a render error, which shows the translated error page with a way forward', async () => {
    const router = (await import('../../src/router')).createAppRouter();
    const failure = new Error('the view could not render');
    const rootRoute = createRootRoute();
    const broken = createRoute({
      getParentRoute: () => rootRoute,
      path: '/',
      component: () => {
        throw failure;
      },
    });
    const testRouter = createRouter({
      routeTree: rootRoute.addChildren([broken]),
      defaultErrorComponent: router.options.defaultErrorComponent,
      defaultOnCatch: router.options.defaultOnCatch,
    });
    window.history.replaceState(null, '', '/');
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<RouterProvider router={testRouter} />);

    const heading = await screen.findByRole('heading', { level: 1, name: en.error.title });
    await waitFor(() => expect(heading).toBe(document.activeElement));
    expect(screen.getByRole('alert').textContent).toContain(en.machine.unavailable);
    expect(screen.getByRole('button', { name: en.machine.retry })).toBeTruthy();
    expect(screen.getByRole('link', { name: new RegExp(en.machine.contact) }).getAttribute('href')).toMatch(
      /^tel:\+?\d+$/,
    );

    await waitFor(() =>
      expect(fakes.captureException).toHaveBeenCalledWith(failure, {
        contexts: { react: { componentStack: expect.stringContaining('at ') as string } },
      }),
    );
    vi.restoreAllMocks();
  });
});
