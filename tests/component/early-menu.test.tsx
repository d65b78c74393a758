/**
 * index.html asks for /pay's menu before any module runs (src/early-menu.ts); the page's chart takes that
 * answer (the route's loader data, its input) instead of asking again, once: a retry asks afresh.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { EarlyMenu } from '../../machines/menu/menu.types';
import { providePayPage } from '../../src/actors/pay-page';
import type { ApiClient } from '../../src/api/client';
import { earlyMenuRequest, takeEarlyMenu } from '../../src/api/early-menu';
import { PayPage } from '../../src/views/pay/PayPage';
import { BASE_HOST, connectSandbox, en, isCall, json, type SentRequest } from './harness';
import { payPath, stickerOf } from '../fixtures/machine-pages';

const menuCalls = (requests: SentRequest[]) => requests.filter((request) => isCall(request, 'api/menu/get'));

/** What index.html's script does on /pay?machine_id=…&qr=…, through the harness's fetch, then the route's loader. */
function sendEarly(api: ApiClient, machineId: string): EarlyMenu {
  const storage = { getItem: (key: string) => (key === 'base_host' ? BASE_HOST : localStorage.getItem(key)) };
  const request = earlyMenuRequest(new URL(payPath(machineId), window.location.href), storage, '');
  if (!request) throw new Error('no early request on /pay');
  window.earlyMenuRequest = { url: request.url, response: api.fetch(request.url, request.init) };
  const early = takeEarlyMenu();
  if (!early) throw new Error('the early request was not left on the page');
  return early;
}

const renderPay = (api: ApiClient, earlyMenu: EarlyMenu) =>
  render(
    <PayPage
      machineId="1001"
      proof={stickerOf('1001')}
      machineClosed={false}
      earlyMenu={earlyMenu}
      logic={providePayPage(api)}
    />,
  );

describe('the menu asked for by index.html', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('is the answer the page shows: one menu call in all, and its session is the client’s', async () => {
    document.cookie = 'splash=1; path=/';
    const { api, requests } = connectSandbox();
    renderPay(api, sendEarly(api, '1001'));
    await screen.findByRole('group', { name: en.products.choose });
    expect(menuCalls(requests)).toHaveLength(1);
    expect(api.sessionUuid()).toBeTruthy();
  });

  it('for another machine is left alone: the page asks for its own', async () => {
    document.cookie = 'splash=1; path=/';
    const { api, requests } = connectSandbox();
    renderPay(api, sendEarly(api, '1002'));
    await screen.findByRole('group', { name: en.products.choose });
    expect(menuCalls(requests).map((request) => request.url.searchParams.get('machine_id'))).toEqual(['1002', '1001']);
  });

  it('failing, shows the menu-unavailable message; Try again asks afresh and shows the products', async () => {
    document.cookie = 'splash=1; path=/';
    let failuresLeft = 3; // the early request and the client's two retries of a GET
    const { api, requests } = connectSandbox({
      intercept: (request, sandbox) => {
        if (isCall(request, 'api/menu/get') && failuresLeft > 0) {
          failuresLeft -= 1;
          return Promise.resolve(json({ message: 'down' }, 500));
        }
        return sandbox(request);
      },
    });
    const user = userEvent.setup();
    renderPay(api, sendEarly(api, '1001'));

    await user.click(await screen.findByRole('button', { name: en.machine.retry }, { timeout: 10_000 }));
    await screen.findByRole('group', { name: en.products.choose });
    expect(menuCalls(requests)).toHaveLength(4);
  });
});
