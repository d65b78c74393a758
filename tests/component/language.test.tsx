/**
 * The language dropdown (requirements.md §2, §6): only the machine's languages; Hebrew turns the page right to
 * left; the choice is kept in the `language` cookie and used on the next visit.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { catalogueMenu, en, he, renderPayPage } from './harness';

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
const languageCookie = () =>
  document.cookie
    .split('; ')
    .find((entry) => entry.startsWith('language='))
    ?.slice('language='.length);

describe('language', () => {
  it("lists exactly the machine's available languages", async () => {
    renderPayPage({ machineId: '1002' });
    const select = await screen.findByRole('combobox', { name: en.language.label });
    expect(catalogueMenu('1002').available_languages).toEqual(['en', 'he']);
    expect(optionNames(select)).toEqual([en.language.names.en, en.language.names.he]);
    expect(select).toHaveProperty('value', 'en');
  });

  it('lists all four on a machine that offers them (1001), each option tagged with its language', async () => {
    renderPayPage({ machineId: '1001' });
    const select = await screen.findByRole('combobox', { name: en.language.label });
    expect(optionNames(select)).toEqual(['English', 'עברית', 'Français', 'Español']);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.getAttribute('lang')),
    ).toEqual(['en', 'he', 'fr', 'es']);
  });

  it('עברית turns the page right to left, translates it and writes the language cookie', async () => {
    const { user } = renderPayPage({ machineId: '1001' });
    const select = await screen.findByRole('combobox', { name: en.language.label });
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');

    await user.selectOptions(select, en.language.names.he);

    expect(await screen.findByRole('button', { name: he.purchase.continue })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('he');
    expect(screen.getByRole('combobox', { name: he.language.label })).toHaveProperty('value', 'he');
    expect(screen.getByRole('group', { name: he.products.choose })).toBeTruthy();
    expect(languageCookie()).toBe('he');

    // And back.
    await user.selectOptions(screen.getByRole('combobox', { name: he.language.label }), 'English');
    expect(await screen.findByRole('button', { name: en.purchase.continue })).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    expect(languageCookie()).toBe('en');
  });

  it('the drawer speaks Hebrew too', async () => {
    const { user } = renderPayPage({ machineId: '1001' });
    await user.selectOptions(await screen.findByRole('combobox', { name: en.language.label }), 'he');
    await user.click(await screen.findByRole('button', { name: he.purchase.continue }));
    const dialog = await screen.findByRole('dialog', { name: he.drawer.title });
    expect(within(dialog).getByText(he.methods.includingFees)).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: he.methods.title })).toBeTruthy();
  });

  it('a remembered language is used on the next visit', async () => {
    document.cookie = 'language=he; path=/';
    renderPayPage({ machineId: '1001' });
    expect(await screen.findByRole('button', { name: he.purchase.continue })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(screen.getByRole('combobox', { name: he.language.label })).toHaveProperty('value', 'he');
  });

  it('a remembered language the machine does not offer falls back to English', async () => {
    document.cookie = 'language=fr; path=/';
    renderPayPage({ machineId: '1002' });
    const select = await screen.findByRole('combobox', { name: en.language.label });
    expect(select).toHaveProperty('value', 'en');
    expect(screen.getByRole('button', { name: en.purchase.continue })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('reads the remembered language once, when the page starts, not again on each render', async () => {
    const cookieReads = vi.spyOn(Document.prototype, 'cookie', 'get');
    onTestFinished(() => cookieReads.mockRestore());
    const { user } = renderPayPage({ machineId: '1001' });
    const select = await screen.findByRole('combobox', { name: en.language.label });
    const readsOnceShown = cookieReads.mock.calls.length;
    expect(readsOnceShown, 'the page read its cookies as it started').toBeGreaterThan(0);

    await user.selectOptions(select, en.language.names.he);
    expect(await screen.findByRole('button', { name: he.purchase.continue })).toBeTruthy();

    expect(cookieReads).toHaveBeenCalledTimes(readsOnceShown);
  });
});
