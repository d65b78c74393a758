/**
 * The API client as the page uses it (requirements.md §6, §7; design.md §6): the session uuid travels in the
 * `session-uuid` header and the `session_uuid` query of every call, with credentials; set_purchase's
 * session_id replaces it; payment POSTs are never retried.
 */
import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/api/address';
import { en, isCall, json, renderPayPage, type Intercept, type SentRequest } from './harness';
import { menuCall as menuAddress } from '../fixtures/machine-pages';

/** Passes every call on to the sandbox and keeps the session uuid each menu answer hands out (a fresh one each). */
function menuSessions(): { handedOut: string[]; intercept: Intercept } {
  const handedOut: string[] = [];
  const intercept: Intercept = async (request, sandbox) => {
    const answer = await sandbox(request);
    if (isCall(request, 'api/menu/get') && answer.ok) {
      const { session_uuid: session } = (await answer.clone().json()) as { session_uuid: string };
      handedOut.push(session);
    }
    return answer;
  };
  return { handedOut, intercept };
}
const session = (request: SentRequest | undefined) => ({
  header: request?.headers.get('session-uuid') ?? null,
  query: request?.url.searchParams.get('session_uuid') ?? null,
});
const productContinue = () => screen.getByRole('button', { name: en.purchase.continue });

describe('API client', () => {
  it('carries the session uuid in the header and the query; set_purchase’s session_id replaces it', async () => {
    const { handedOut, intercept } = menuSessions();
    const { user, app, requests } = renderPayPage({ machineId: '1001', intercept });
    await screen.findByRole('group', { name: en.products.choose });
    const [MENU_SESSION] = handedOut;

    // First visit: nothing stored yet, so the menu call has no session to carry; the menu's is kept.
    const [menuCall] = requests;
    expect(menuCall?.method).toBe('GET');
    expect(menuCall?.url.href).toBe(`http://sandbox.test${menuAddress(1001)}`);
    expect(menuCall?.credentials).toBe('include');
    expect(session(menuCall)).toEqual({ header: null, query: null });
    expect(localStorage.getItem(STORAGE_KEYS.sessionUuid)).toBe(MENU_SESSION);

    await user.click(productContinue());
    let dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    const first = requests[1];
    expect(first?.method).toBe('POST');
    expect(first?.url.pathname).toBe('/v4/api/menu/set_purchase');
    expect(first?.url.searchParams.get('machine_id')).toBe('1001');
    expect(first?.credentials).toBe('include');
    expect(first?.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(await (first?.body ?? Promise.resolve('null')))).toEqual([{ product_id: 101, count: 1 }]);
    expect(session(first)).toEqual({ header: MENU_SESSION, query: MENU_SESSION });

    const [firstPurchase] = [...app.purchases.values()];
    expect(firstPurchase?.session_uuid).toBe(MENU_SESSION);
    const newSession = firstPurchase?.session_id ?? '';
    expect(newSession).not.toBe(MENU_SESSION);
    expect(localStorage.getItem(STORAGE_KEYS.sessionUuid)).toBe(newSession);

    // Back to the products and Continue again: the next call carries the new session id.
    await user.click(within(dialog).getByRole('button', { name: en.drawer.close }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    await user.click(productContinue());
    dialog = await screen.findByRole('dialog', { name: en.drawer.title });
    expect(dialog).toBeTruthy();

    expect(requests).toHaveLength(3);
    expect(session(requests[2])).toEqual({ header: newSession, query: newSession });
    expect(app.purchases.size).toBe(2);
    expect([...app.purchases.values()][1]?.session_uuid).toBe(newSession);
  });

  it('a returning visitor’s stored session uuid goes with the menu call', async () => {
    localStorage.setItem(STORAGE_KEYS.sessionUuid, 'returning-visitor');
    const { handedOut, intercept } = menuSessions();
    const { requests } = renderPayPage({ machineId: '1001', intercept });
    await screen.findByRole('group', { name: en.products.choose });
    expect(session(requests[0])).toEqual({ header: 'returning-visitor', query: 'returning-visitor' });
    // The menu's fresh session uuid then replaces it.
    expect(handedOut).toHaveLength(1);
    expect(handedOut[0]).not.toBe('returning-visitor');
    expect(localStorage.getItem(STORAGE_KEYS.sessionUuid)).toBe(handedOut[0]);
  });

  it('a failed set_purchase is not retried: the error shows, no drawer, and Continue works again', async () => {
    let failing = true;
    const { user, app, requests } = renderPayPage({
      machineId: '1001',
      intercept: (request, sandbox) =>
        failing && isCall(request, 'api/menu/set_purchase')
          ? Promise.resolve(json({ message: 'sandbox says no' }, 500))
          : sandbox(request),
    });
    await screen.findByRole('group', { name: en.products.choose });
    await user.click(productContinue());

    expect((await screen.findByRole('alert')).textContent).toBe(en.purchase.error);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((request) => isCall(request, 'api/menu/set_purchase'))).toHaveLength(1);
    expect(productContinue().getAttribute('aria-disabled')).toBe('false');

    failing = false;
    await user.click(productContinue());
    expect(await screen.findByRole('dialog', { name: en.drawer.title })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(app.purchases.size).toBe(1);
  });

  it('Continue cannot send set_purchase twice while the first is in flight', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, app } = renderPayPage({
      machineId: '1001',
      intercept: async (request, sandbox) => {
        if (isCall(request, 'api/menu/set_purchase')) await held;
        return sandbox(request);
      },
    });
    await screen.findByRole('group', { name: en.products.choose });
    await user.click(productContinue());
    const busy = screen.getByRole('button', { name: en.purchase.submitting });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.click(busy);
    await user.click(busy);

    release();
    expect(await screen.findByRole('dialog', { name: en.drawer.title })).toBeTruthy();
    expect(app.purchases.size).toBe(1);
  });
});
