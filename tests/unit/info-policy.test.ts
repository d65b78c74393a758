/** requirements.md §1, §2, §9: the refund and cancellation policy's sections and figures. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/info/en.json';
import es from '../../locales/info/es.json';
import fr from '../../locales/info/fr.json';
import he from '../../locales/info/he.json';
import { POLICY_FIGURES, POLICY_SECTIONS } from '../../machines/info/policy';
import { SPEC_POLICY_FIGURES as SPEC_FIGURES, SPEC_POLICY_SECTIONS as SPEC_SECTIONS } from '../fixtures/policy';

const TEXTS = { en, he, fr, es };

// The oracle: the spec's own figures and sections (tests/fixtures/policy.ts), never read from the code under test.

describe('policy figures (requirements.md §9)', () => {
  it('refunds begin within 24 hours; ages 13 and 18', () => {
    expect(POLICY_FIGURES).toEqual(SPEC_FIGURES);
  });
});

describe('policy sections (requirements.md §2)', () => {
  it('come in the order the spec lists them', () => {
    expect(POLICY_SECTIONS).toEqual(SPEC_SECTIONS);
  });

  it.each(Object.keys(TEXTS))('have texts, and no others, in %s', (language) => {
    expect(Object.keys(TEXTS[language as keyof typeof TEXTS].policy.sections)).toEqual(SPEC_SECTIONS);
  });
});

describe.each(Object.entries(TEXTS))('policy texts in %s', (language, texts) => {
  const t = i18next.createInstance();
  void t.init({ lng: language, resources: { [language]: { info: texts } }, interpolation: { escapeValue: false } });
  // The texts filled in with the spec's figures: each figure must land in its section. (That the page passes
  // these figures is checked by tests/component/info-pages.test.tsx, against the spec's words.)
  const body = (section: keyof typeof en.policy.sections) =>
    t.t(`policy.sections.${section}.body`, { ns: 'info', ...SPEC_FIGURES });
  const figure = (value: number) => new RegExp(`(^|\\D)${String(value)}(\\D|$)`);

  it('say that refunds begin processing within 24 hours of the operator’s request', () => {
    expect(body('refund-process')).toMatch(figure(SPEC_FIGURES.hours));
    expect(body('double-charges')).toMatch(figure(SPEC_FIGURES.hours));
  });

  it('give the ages 13 (or with parental permission) and 18 for card use', () => {
    const children = body('children');
    expect(children).toMatch(figure(SPEC_FIGURES.minAge));
    expect(children).toMatch(figure(SPEC_FIGURES.cardAge));
    expect(children.search(figure(SPEC_FIGURES.minAge))).toBeLessThan(children.search(figure(SPEC_FIGURES.cardAge)));
  });

  it('take every figure from the constants (no figure written into the text)', () => {
    const all = Object.values(texts.policy.sections)
      .map((section) => section.body)
      .join('\n');
    expect(all).not.toMatch(/\b(24|13|18)\b/);
  });
});
