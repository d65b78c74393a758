/**
 * design.md §10.9: the browser floor (package.json's browserslist) is a lint rule, not a hope. ESLint, with the
 * project's own configuration, must refuse each newer API in tests/fixtures/floor/newer-apis.js, one
 * error per line at least; the floor's oldest engines are written here, not read from the config.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const FIXTURE = 'tests/fixtures/floor/newer-apis.js';

/** Each use in the fixture and the engine the message must name. */
const NEWER = [
  { line: 3, use: 'URL.parse', rule: 'no-restricted-properties' },
  { line: 4, use: 'URL.canParse', rule: 'no-restricted-properties' },
  { line: 5, use: 'AbortSignal.any', rule: 'no-restricted-properties' },
  { line: 6, use: 'AbortSignal.timeout', rule: 'no-restricted-properties' },
  { line: 7, use: 'Promise.withResolvers', rule: 'no-restricted-properties' },
  { line: 8, use: 'Object.groupBy', rule: 'no-restricted-properties' },
  { line: 9, use: 'Array.prototype.toSorted', rule: 'no-restricted-syntax' },
  { line: 10, use: 'Set.prototype.isSubsetOf', rule: 'no-restricted-syntax' },
  { line: 11, use: "a regular expression's v flag", rule: 'no-restricted-syntax' },
  // A web API, which only eslint-plugin-compat knows, named with the floor's Safari.
  { line: 12, use: 'navigator.wakeLock', rule: 'compat/compat' },
] as const;

describe('the browser floor in ESLint', () => {
  it('refuses every API newer than Safari 15.4 and Chrome 100 in the fixture', async () => {
    const eslint = new ESLint({ ignore: false });
    const [result] = await eslint.lintFiles([FIXTURE]);
    const refused = (result?.messages ?? []).map(({ line, ruleId, message }) => ({ line, ruleId, message }));
    for (const { line, use, rule } of NEWER) {
      expect(
        refused.some((message) => message.line === line && message.ruleId === rule),
        `${use} (line ${String(line)}) refused by ${rule}; got ${JSON.stringify(refused)}`,
      ).toBe(true);
    }
    expect(refused.find(({ ruleId }) => ruleId === 'compat/compat')?.message).toMatch(/Safari 15\.4/);
  }, 120_000);
});
