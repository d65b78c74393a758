/**
 * Machine conditions and menu failures (requirements.md §2, §8; design.md §10): each ends in a defined state with
 * a clear message and a way forward, never a crash.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueMenu, en, isCall, json, renderPayPage, type Intercept } from './harness';

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const DEFAULT_PHONE = import.meta.env.VITE_DEFAULT_SUPPORT_PHONE;
const TECHNICIAN_PHONE = catalogueMenu('1001').technician_phone_number ?? '';

/** The alert with the message, its call-support link and (maybe) a retry button. */
async function findMachineMessage(text: string, timeout?: number) {
  const alert = await screen.findByRole('alert', {}, timeout === undefined ? {} : { timeout });
  expect(alert.textContent).toContain(text);
  const call = within(alert).getByRole('link', { name: new RegExp(`^${en.machine.contact}`) });
  return { alert, call, retry: within(alert).queryByRole('button', { name: en.machine.retry }) };
}

const menuCalls = (requests: { url: URL }[]) => requests.filter((request) => isCall(request, 'api/menu/get'));

describe('machine conditions', () => {
  it('shows the menu skeleton, announced as loading, while the menu loads', async () => {
    // The menu is held until the skeleton has been seen: an in-process answer would come before a frame.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const intercept: Intercept = async (request, sandbox) => {
      if (isCall(request, 'api/menu/get')) await held;
      return sandbox(request);
    };
    renderPayPage({ machineId: '1001', intercept });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(en.app.loading);
    expect(status.closest('[aria-busy="true"]')).not.toBeNull();
    release();
    await screen.findByRole('group', { name: en.products.choose });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('an unknown machine (404): "Page not found, please contact support." and a tel: link to the default phone', async () => {
    const { requests } = renderPayPage({ machineId: '424242' });
    const { alert, call, retry } = await findMachineMessage(en.machine.notFound);
    expect(alert.textContent).toContain(en.machine.notFound);
    expect(DEFAULT_PHONE).toBeTruthy();
    expect(call.getAttribute('href')).toBe(telOf(DEFAULT_PHONE));
    expect(retry).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: en.purchase.continue })).toBeNull();
    expect(menuCalls(requests)).toHaveLength(1); // a 404 is an answer, not retried
  });

  it('an inactive machine (1007): not-active message and a call to its technician', async () => {
    renderPayPage({ machineId: '1007' });
    const { call, retry } = await findMachineMessage(en.machine.notActive);
    expect(call.getAttribute('href')).toBe(telOf(catalogueMenu('1007').technician_phone_number ?? ''));
    expect(retry).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('machine_close=true: an active machine shows as not active', async () => {
    const { app } = renderPayPage({ machineId: '1001', machineClosed: true });
    const { call } = await findMachineMessage(en.machine.notActive);
    expect(call.getAttribute('href')).toBe(telOf(TECHNICIAN_PHONE));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(app.purchases.size).toBe(0);
  });
});

describe('menu failures', () => {
  /** Answers menu/get with `answer()` while `failing.on`, then lets the sandbox answer again. */
  function failingMenu(answer: () => Response) {
    const failing = { on: true };
    const intercept: Intercept = (request, sandbox) =>
      failing.on && isCall(request, 'api/menu/get') ? Promise.resolve(answer()) : sandbox(request);
    return { failing, intercept };
  }

  it('a 500: "An error occurred. Please contact support." and Try again shows the products once it works', async () => {
    const { failing, intercept } = failingMenu(() => json({ message: 'boom' }, 500));
    const { user, requests } = renderPayPage({ machineId: '1001', intercept });

    // ky retries a GET twice with backoff (0.3 s, 0.6 s) before the page gives up.
    const { call, retry } = await findMachineMessage(en.machine.unavailable, 4_000);
    expect(menuCalls(requests)).toHaveLength(3);
    expect(call.getAttribute('href')).toBe(telOf(DEFAULT_PHONE));
    expect(retry).not.toBeNull();

    failing.on = false;
    await user.click(retry as HTMLElement);
    const products = await screen.findByRole('group', { name: en.products.choose });
    expect(within(products).getAllByRole('radio')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(menuCalls(requests)).toHaveLength(4);
  });

  it('an answer that is not JSON: the same error state, no retry, no crash', async () => {
    const { failing, intercept } = failingMenu(
      () => new Response('{"products": [', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const { user, requests } = renderPayPage({ machineId: '1001', intercept });
    const { retry } = await findMachineMessage(en.machine.unavailable);
    expect(menuCalls(requests)).toHaveLength(1);

    failing.on = false;
    await user.click(retry as HTMLElement);
    expect(await screen.findByRole('group', { name: en.products.choose })).toBeTruthy();
  });

  it('JSON of the wrong shape: the same error state', async () => {
    const { intercept } = failingMenu(() => json({ products: 'none', is_active: 'yes' }));
    renderPayPage({ machineId: '1001', intercept });
    const { retry } = await findMachineMessage(en.machine.unavailable);
    expect(retry).not.toBeNull();
  });

  it('offline (fetch rejects): the same error state', async () => {
    const { intercept } = failingMenu(() => {
      throw new TypeError('Failed to fetch');
    });
    renderPayPage({ machineId: '1001', intercept });
    const { retry } = await findMachineMessage(en.machine.unavailable, 4_000);
    expect(retry).not.toBeNull();
  });
});
