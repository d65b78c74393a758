/**
 * The information and debug pages (requirements.md §2 "Other routes"): the accessibility statement, the refund
 * and cancellation policy, contact and /debug_vars (/test: test-links.test.tsx), and the welcome heading on any other path.
 */
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enInfo from '../../locales/info/en.json';
import frInfo from '../../locales/info/fr.json';
import heInfo from '../../locales/info/he.json';
import frTexts from '../../locales/fr.json';
import { API_BASE_URL, DEFAULT_SUPPORT_PHONE } from '../../src/config';
import { routeTree } from '../../src/routeTree.gen';
import { AccessibilityView } from '../../src/views/info/AccessibilityView';
import { ContactView } from '../../src/views/info/ContactView';
import { DebugVarsView } from '../../src/views/info/DebugVarsView';
import { RefundPolicyView } from '../../src/views/info/RefundPolicyView';
import { SPEC_POLICY_SECTIONS } from '../fixtures/policy';
import { en, he } from './harness';

const telHref = `tel:${DEFAULT_SUPPORT_PHONE.replace(/[^\d+]/g, '')}`;
const languageCookie = () =>
  document.cookie
    .split('; ')
    .find((entry) => entry.startsWith('language='))
    ?.slice('language='.length);
const headings = (level: number) => screen.getAllByRole('heading', { level }).map((heading) => heading.textContent);

describe('the information pages', () => {
  // Runs first: no French 'info' texts have been fetched yet in this file.
  it('show a spinner until their texts are in place', async () => {
    await i18next.changeLanguage('fr');
    render(<ContactView />);
    expect(screen.getByRole('status', { name: frTexts.app.loading })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: frInfo.contact.title })).toBeTruthy();
    expect(screen.queryByRole('status', { name: frTexts.app.loading })).toBeNull();
  });

  it('each has the logo, a language choice of all four languages, one h1 in <main> and the footer', async () => {
    for (const View of [AccessibilityView, RefundPolicyView, ContactView]) {
      const { unmount } = render(<View />);
      const main = await screen.findByRole('main');
      await within(main).findByRole('heading', { level: 1 });
      expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('img', { name: 'PayPoint' })).toBeTruthy();
      const select = screen.getByRole('combobox', { name: en.language.label });
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.getAttribute('value')),
      ).toEqual(['en', 'he', 'fr', 'es']);
      const footer = screen.getByRole('contentinfo');
      expect(within(footer).getByRole('link', { name: en.footer.refund }).getAttribute('href')).toBe(
        '/refund-and-cancellation',
      );
      unmount();
    }
  });

  it('name the page in the document title while it is shown', async () => {
    const { unmount } = render(<RefundPolicyView />);
    await screen.findByRole('heading', { level: 1, name: enInfo.policy.title });
    expect(document.title).toBe(`${enInfo.policy.title} – PayPoint`);
    unmount();
    expect(document.title).not.toContain(enInfo.policy.title);
  });

  it('choosing עברית translates the page, turns it right to left, renames it and remembers the choice', async () => {
    const user = userEvent.setup();
    render(<ContactView />);
    await screen.findByRole('heading', { level: 1, name: enInfo.contact.title });
    await user.selectOptions(screen.getByRole('combobox', { name: en.language.label }), 'he');
    expect(await screen.findByRole('heading', { level: 1, name: heInfo.contact.title })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('he');
    expect(document.title).toBe(`${heInfo.contact.title} – PayPoint`);
    expect(languageCookie()).toBe('he');
    expect(screen.getByRole('combobox', { name: he.language.label })).toHaveProperty('value', 'he');
  });
});

describe('/accessibility', () => {
  it('is a statement with a section for each point, the contact details and its date', async () => {
    render(<AccessibilityView />);
    await screen.findByRole('heading', { level: 1, name: enInfo.accessibility.title });
    const a = enInfo.accessibility;
    expect(headings(2)).toEqual([
      a.commitment.heading,
      a.standard.heading,
      a.features.heading,
      a.limitations.heading,
      a.report.heading,
      a.updated.heading,
    ]);
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('(WCAG) 2.1 at level AA');
    expect(main.textContent).toContain('5568');
    expect(
      within(main)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      a.features.keyboard,
      a.features.screenReaders,
      a.features.rtl,
      a.features.zoom,
      a.features.motion,
      a.features.contrast,
    ]);
    // Read as text: the wallets' names in it are joined by a no-break space (src/i18n/brand-names.ts).
    expect(main.textContent.replace(/\s/g, ' ')).toContain(a.limitations.body.split('\n')[0]);
    expect(within(main).getByRole('link', { name: 'support@paypoint.example' }).getAttribute('href')).toBe(
      'mailto:support@paypoint.example',
    );
    expect(
      within(main)
        .getByRole('link', { name: new RegExp(enInfo.contact.call) })
        .getAttribute('href'),
    ).toBe(telHref);
    expect(within(main).getByText(a.updated.body.replace('{{date}}', 'November 22, 2026'))).toBeTruthy();
  });
});

describe('/refund-and-cancellation', () => {
  const sections = SPEC_POLICY_SECTIONS.map((id) => ({ id, ...enInfo.policy.sections[id] }));

  it('has the 14 sections of requirements.md §2 as h2, in order, each reachable from the contents', async () => {
    render(<RefundPolicyView />);
    await screen.findByRole('heading', { level: 1, name: enInfo.policy.title });
    expect(headings(2)).toEqual(sections.map((section) => section.heading));
    expect(headings(2)).toHaveLength(14);

    const contents = screen.getByRole('navigation', { name: enInfo.policy.contents });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      sections.map((section) => [section.heading, `#${section.id}`]),
    );
    for (const section of sections) {
      const target = document.getElementById(section.id);
      expect(within(target as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe(section.heading);
    }
  });

  it('states who approves cancellations, the 24 hours, and the ages 13 and 18', async () => {
    render(<RefundPolicyView />);
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1 });
    const text = main.textContent;
    expect(text).toContain('it is the operator who approves cancellations and initiates refunds');
    expect(text).toContain('contact the operator of the machine');
    expect(text).toContain("Refunds begin processing within 24 hours of the operator's refund request.");
    expect(text).toContain('intended for users aged 13 or older');
    expect(text).toContain('permission of a parent or guardian');
    expect(text).toContain('limited to people over 18');
    expect(text).not.toContain('{{');
  });
});

describe('/contact', () => {
  it('gives the company, the technician phone, the support e-mail and the website as links', async () => {
    render(<ContactView />);
    await screen.findByRole('heading', { level: 1, name: enInfo.contact.title });
    const main = screen.getByRole('main');
    const term = (name: string) => within(main).getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term(enInfo.contact.company)?.textContent).toBe('PayPoint Ltd.');
    const call = within(term(enInfo.contact.phone) as HTMLElement).getByRole('link');
    expect(call.getAttribute('href')).toBe(telHref);
    expect(call.textContent).toContain(DEFAULT_SUPPORT_PHONE);
    expect(
      within(term(enInfo.contact.email) as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('mailto:support@paypoint.example');
    expect(
      within(term(enInfo.contact.website) as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('https://www.paypoint.example/');
  });
});

describe('/debug_vars', () => {
  const valueOf = (name: string) =>
    screen.getByText((_, element) => element?.tagName === 'DT' && element.textContent === name).nextElementSibling
      ?.textContent;

  async function renderDebugVars() {
    const user = userEvent.setup();
    render(<DebugVarsView />);
    await screen.findByRole('heading', { level: 1, name: enInfo.debugVars.title });
    return { user, field: screen.getByRole('textbox', { name: enInfo.debugVars.baseHost }) };
  }

  it('shows the base host in use, the build default and the raw values of local storage and cookies', async () => {
    localStorage.setItem('session_uuid', 'session-1');
    localStorage.setItem('machine_id', '1001');
    localStorage.setItem('pay_data', '{"lines":[]}');
    localStorage.setItem('payStatus', 'pending');
    document.cookie = 'splash=1; path=/';
    await renderDebugVars();
    // The module resolved the host when it loaded, with nothing stored: the build setting, else this origin.
    expect(valueOf(enInfo.debugVars.inUse)).toBe(API_BASE_URL || window.location.origin);
    expect(valueOf(`${enInfo.debugVars.buildDefault} (VITE_API_BASE_URL)`)).toBe(
      API_BASE_URL || enInfo.debugVars.thisOrigin,
    );
    expect(valueOf(`${enInfo.debugVars.stored} (base_host)`)).toBe(enInfo.debugVars.notSet);
    expect(valueOf('session_uuid')).toBe('session-1');
    expect(valueOf('machine_id')).toBe('1001');
    expect(valueOf('pay_data')).toBe('{"lines":[]}');
    expect(valueOf('payStatus')).toBe('pending');
    for (const unset of ['visitor_uuid', 'price', 'pay_history', 'language']) {
      expect(valueOf(unset)).toBe(enInfo.debugVars.notSet);
    }
    expect(valueOf('splash')).toBe('1');
    expect(valueOf(enInfo.debugVars.language)).toBe('en');
    expect(valueOf(enInfo.debugVars.direction)).toBe('ltr');
  });

  it('an invalid base host shows why on Save and is not stored; fixing it clears the error', async () => {
    const { user, field } = await renderDebugVars();
    await user.type(field, 'api.example.com');
    expect(field.getAttribute('aria-invalid')).toBeNull(); // no error while typing
    await user.click(screen.getByRole('button', { name: enInfo.debugVars.save }));
    expect(screen.getByText(enInfo.errors.notUrl)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(localStorage.getItem('base_host')).toBeNull();

    await user.clear(field);
    await user.type(field, 'ftp://api.example.com');
    expect(screen.getByText(enInfo.errors.notHttp)).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'https://api.example.com');
    expect(screen.queryByText(enInfo.errors.notHttp)).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('Save stores the host in local storage and says when it takes effect; "Use the default" removes it', async () => {
    const { user, field } = await renderDebugVars();
    await user.type(field, 'https://staging.example.com/');
    await user.keyboard('{Enter}');
    expect(localStorage.getItem('base_host')).toBe('https://staging.example.com');
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(enInfo.debugVars.saved.replace('{{host}}', 'https://staging.example.com'));
    expect(valueOf(`${enInfo.debugVars.stored} (base_host)`)).toBe('https://staging.example.com');
    // The API client was made when the page loaded: the host in use changes on the next load only.
    expect(valueOf(enInfo.debugVars.inUse)).toBe(API_BASE_URL || window.location.origin);

    await user.click(screen.getByRole('button', { name: enInfo.debugVars.useDefault }));
    expect(localStorage.getItem('base_host')).toBeNull();
    expect(status.textContent).toBe(enInfo.debugVars.defaultRestored);
    expect(field).toHaveProperty('value', '');
    expect(valueOf(`${enInfo.debugVars.stored} (base_host)`)).toBe(enInfo.debugVars.notSet);
  });

  it('starts with the stored host in the field', async () => {
    localStorage.setItem('base_host', 'https://stored.example.com');
    const { field } = await renderDebugVars();
    expect(field).toHaveProperty('value', 'https://stored.example.com');
  });
});

describe('any other path', () => {
  it.each([
    ['en', en.app.welcome],
    ['he', he.app.welcome],
  ])('shows the welcome heading, however deep the path (%s)', async (language, welcome) => {
    await i18next.changeLanguage(language);
    for (const path of ['/nothing-here', '/no/such/deep/path', '/pay/extra/parts']) {
      const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
      const { unmount } = render(<RouterProvider router={router} />);
      expect(await screen.findByRole('heading', { level: 1, name: welcome })).toBeTruthy();
      unmount();
    }
    await waitFor(() => expect(document.documentElement.dir).toBe(language === 'he' ? 'rtl' : 'ltr'));
  });
});
