/**
 * The /pay route asks for the menu while the page's code is still downloading (DESIGN §9); the page's
 * chart then takes that answer instead of asking again, once, and a retry always asks afresh.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { providePayPage } from '../../src/actors/pay-page';
import { prefetchMenu, takeMenu } from '../../src/api/menu';
import { PayPage } from '../../src/views/pay/PayPage';
import { connectSandbox, en, isCall, json, type SentRequest } from './harness';

const menuCalls = (requests: SentRequest[]) => requests.filter((request) => isCall(request, 'api/menu/get'));

describe('the menu asked for early', () => {
  it('is the answer the page shows: one menu call in all', async () => {
    document.cookie = 'splash=1; path=/';
    const { api, requests } = connectSandbox();
    prefetchMenu(api, '1001');

    render(<PayPage machineId="1001" machineClosed={false} logic={providePayPage(api)} />);
    await screen.findByRole('group', { name: en.products.choose });
    expect(menuCalls(requests)).toHaveLength(1);
  });

  it('is taken once; the next request asks again', async () => {
    const { api, requests } = connectSandbox();
    prefetchMenu(api, '1001');
    expect((await takeMenu(api, '1001')).product_view).toBe('LIST');
    expect(menuCalls(requests)).toHaveLength(1);
    await takeMenu(api, '1001');
    expect(menuCalls(requests)).toHaveLength(2);
  });

  it('is dropped when another machine is asked for: that page has gone', async () => {
    const { api, requests } = connectSandbox();
    prefetchMenu(api, '1001');
    expect((await takeMenu(api, '1002')).products.map((product) => product.id)).toContain(201);
    await takeMenu(api, '1001');
    expect(menuCalls(requests).map((request) => request.url.searchParams.get('machine_id'))).toEqual([
      '1001',
      '1002',
      '1001',
    ]);
  });

  it('failing, shows the menu-unavailable message; Try again asks afresh and shows the products', async () => {
    document.cookie = 'splash=1; path=/';
    let failuresLeft = 3; // the first request and the client's two retries of a GET
    const { api, requests } = connectSandbox({
      intercept: (request, sandbox) => {
        if (isCall(request, 'api/menu/get') && failuresLeft > 0) {
          failuresLeft -= 1;
          return Promise.resolve(json({ message: 'down' }, 500));
        }
        return sandbox(request);
      },
    });
    prefetchMenu(api, '1001');
    const user = userEvent.setup();
    render(<PayPage machineId="1001" machineClosed={false} logic={providePayPage(api)} />);

    await user.click(await screen.findByRole('button', { name: en.machine.retry }, { timeout: 10_000 }));
    await screen.findByRole('group', { name: en.products.choose });
    expect(menuCalls(requests)).toHaveLength(4);
  });
});
