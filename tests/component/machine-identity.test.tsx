/**
 * The machine's identity (fake QR stickers): its page's header and its receipt name it as its sticker does,
 * its name, place and printed number, in every language, the number a left-to-right island in Hebrew. An older
 * operator's menu without them shows no such header. A page whose sticker's code is not the machine's is not
 * found, and shows no menu.
 */
import { render, screen, within } from '@testing-library/react';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { purchaseMachine } from '../../machines/purchase/purchase.machine';
import { changeLanguage } from '../../src/i18n/i18n';
import { ReceiptMachineIdentity } from '../../src/views/payment/ReceiptMachineIdentity';
import { makeMenu } from '../fixtures/menus';
import { purchaseInput } from '../fixtures/purchases';
import { en, he, isCall, json, renderPayPage } from './harness';

/** The page's header (the banner landmark). */
const header = () => screen.getByRole('banner');

/** The header's boxes that hold nothing: the room of a machine line with no machine to name. */
const emptyBoxesInHeader = () =>
  [...header().querySelectorAll('div, p, span')].filter((box) => box.textContent.trim() === '');

describe("the machine's identity at the top of its page", () => {
  it('names machine 1001 in English: its name, its place and "Machine no. VM-1001"', async () => {
    renderPayPage({ machineId: '1001' });
    await screen.findByRole('button', { name: en.purchase.continue });
    expect(within(header()).getByText('Lobby snacks')).toBeTruthy();
    expect(within(header()).getByText('Building A, ground floor')).toBeTruthy();
    const number = within(header()).getByText('VM-1001');
    expect(number.tagName).toBe('BDI');
    expect(number.getAttribute('dir')).toBe('ltr');
    expect(number.parentElement?.textContent).toBe('Machine no. VM-1001');
  });

  it('in Hebrew, with the printed number kept left to right', async () => {
    document.cookie = 'language=he; path=/';
    renderPayPage({ machineId: '1008' });
    await screen.findByRole('button', { name: he.purchase.continue });
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(header()).getByText('Vacuum station')).toBeTruthy();
    const number = within(header()).getByText('VM-1008');
    expect(number.getAttribute('dir')).toBe('ltr');
    expect(number.parentElement?.textContent).toBe('מכונה מס׳ VM-1008');
  });

  it("an older operator's menu without the machine's name and number: no identity, the page works", async () => {
    renderPayPage({
      machineId: '1001',
      intercept: async (request, sandbox) => {
        const response = await sandbox(request);
        if (!isCall(request, 'api/menu/get')) return response;
        const {
          display_name: _name,
          printed_number: _number,
          location: _place,
          ...older
        } = (await response.json()) as Record<string, unknown>;
        return json(older);
      },
    });
    await screen.findByRole('button', { name: en.purchase.continue });
    expect(within(header()).queryByText(/Machine no\./)).toBeNull();
    expect(within(header()).queryByText('Lobby snacks')).toBeNull();
    expect(emptyBoxesInHeader()).toEqual([]);
  });

  it("a sticker whose code is not the machine's: the machine-not-found screen, and no menu", async () => {
    renderPayPage({
      machineId: '1001',
      // The request the page sends, with the code of machine 1002's sticker in place of its own.
      intercept: (request, sandbox) => {
        if (!isCall(request, 'api/menu/get')) return sandbox(request);
        const url = new URL(request.url);
        const other = new URLSearchParams(url.search);
        other.set('qr', 'not-the-code-of-machine-1001');
        return sandbox(new Request(`${url.origin}${url.pathname}?${other.toString()}`, request));
      },
    });
    expect(await screen.findByText(en.machine.notFound)).toBeTruthy();
    expect(screen.getByText(en.machine.notRecognised)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.purchase.continue })).toBeNull();
    expect(screen.queryByText('Lobby snacks')).toBeNull();
    expect(screen.queryByText('Cola')).toBeNull();
    // No machine to name: no empty line under the logo where its name would be.
    expect(emptyBoxesInHeader()).toEqual([]);
  });
});

describe("the machine's identity on the receipt", () => {
  const purchaseOf = () =>
    createActor(purchaseMachine, {
      input: purchaseInput(
        makeMenu({ identity: { name: 'Lobby snacks', number: 'VM-1001', location: 'Building A, ground floor' } }),
      ),
    });

  it('in English', () => {
    render(<ReceiptMachineIdentity purchase={purchaseOf()} />);
    expect(screen.getByText('Lobby snacks')).toBeTruthy();
    expect(screen.getByText('Building A, ground floor')).toBeTruthy();
    expect(screen.getByText('VM-1001').parentElement?.textContent).toBe('Machine no. VM-1001');
  });

  it('in Hebrew', async () => {
    await changeLanguage('he');
    render(<ReceiptMachineIdentity purchase={purchaseOf()} />);
    const number = screen.getByText('VM-1001');
    expect(number.getAttribute('dir')).toBe('ltr');
    expect(number.parentElement?.textContent).toBe('מכונה מס׳ VM-1001');
  });

  it('nothing for a machine its menu does not name', () => {
    const { container } = render(
      <ReceiptMachineIdentity purchase={createActor(purchaseMachine, { input: purchaseInput(makeMenu()) })} />,
    );
    expect(container.textContent).toBe('');
  });
});
