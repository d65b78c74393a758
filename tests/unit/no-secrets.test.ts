/**
 * What the production build ships (vite build with .env, as `npm run build` makes it): its page
 * carries the Content-Security-Policy, it holds no secret, and error reporting and analytics leave
 * no trace in it while they are not configured.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANARY, productionBuild, type Built } from './production-build';

const root = resolve(import.meta.dirname, '../..');

/** Secret-looking strings: server API keys, private keys, cloud keys and bearer tokens. */
const SECRET_PATTERNS: [string, RegExp][] = [
  ['a Stripe secret or restricted key', /\b(?:sk|rk)_(?:live|test)_[0-9a-zA-Z]{8,}/],
  ['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['an AWS access key', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['a bearer token', /\bBearer\s+[A-Za-z0-9\-._~+/]{16,}=*/],
  ['a GitHub or Slack token', /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|xox[baprs]-[A-Za-z0-9-]{10,})/],
];

function secretsIn(text: string): string[] {
  return SECRET_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

/** The values of the settings files' names Vite does not expose (no VITE_ prefix): never public. */
function privateSettingValues(): string[] {
  return readdirSync(root)
    .filter((file) => /^\.env(?:\.|$)/.test(file))
    .flatMap((file) => readFileSync(join(root, file), 'utf8').split('\n'))
    .filter((line) => /^\w+=/.test(line) && !line.startsWith('VITE_'))
    .map((line) => line.slice(line.indexOf('=') + 1).trim())
    .filter((value) => value.length >= 6);
}

/** The JS the browser fetches before /pay runs: index.html's scripts and module preloads, and their static imports. */
function initialJs({ dir, html }: Built): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key];
      if (imported) visit(imported.file);
    }
  };
  for (const [, file] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) if (file) visit(file);
  return [...seen];
}

/** Marks of the Sentry SDK's code (its global carrier, its SDK name); a DSN alone is a setting, not code. */
const SENTRY_CODE = /__SENTRY__|sentry\.javascript/;

describe('the production build', () => {
  let plain: Built;
  beforeAll(async () => {
    plain = await productionBuild();
  }, 120_000);

  it('carries a Content-Security-Policy first in <head>, with no unsafe-eval and no inline script allowed', () => {
    const policy = /<head>\s*<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(plain.html)?.[1];
    expect(policy).toBeDefined();
    expect(policy).not.toContain('unsafe-eval');
    expect(/script-src ([^;]*)/.exec(policy ?? '')?.[1]).not.toContain('unsafe-inline');
    expect(policy).toContain("object-src 'none'");
  });

  it('runs no inline script but the one the policy allows by its hash (every other <script> has a src)', () => {
    const scriptSrc = /script-src ([^;]*)/.exec(plain.html)?.[1]?.split(' ') ?? [];
    const scripts = [...plain.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const inline = scripts.filter(([, , body]) => body?.trim());
    // The early menu request (scripts/early-menu-plugin.ts).
    expect(inline).toHaveLength(1);
    for (const [, attributes, body] of scripts) {
      if (body?.trim()) {
        expect(attributes).not.toMatch(/\ssrc=/);
        expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      } else expect(attributes).toMatch(/\ssrc="/);
    }
  });

  it('keeps the character set within the first 1024 bytes, after the policy', () => {
    expect(Buffer.from(plain.html).indexOf('<meta charset="UTF-8"')).toBeLessThan(1024 - 30);
  });

  it('holds no secret: no server keys, private keys, tokens or non-public settings', () => {
    expect(plain.files.size).toBeGreaterThan(10);
    const privateValues = [...privateSettingValues(), CANARY.value];
    for (const [path, text] of plain.files) {
      expect(secretsIn(text), path).toEqual([]);
      for (const value of privateValues) expect(text.includes(value), `${path} holds a private setting`).toBe(false);
    }
  });

  it('the secret scan finds what it looks for', () => {
    expect(secretsIn(`const key = "${['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_')}";`)).toEqual([
      'a Stripe secret or restricted key',
    ]);
    expect(secretsIn('-----BEGIN RSA PRIVATE KEY-----')).toEqual(['a private key']);
    expect(secretsIn('AKIAIOSFODNN7EXAMPLE')).toEqual(['an AWS access key']);
    expect(secretsIn('Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.abcdef')).toEqual(['a bearer token']);
    // A publishable key is public by design (the menu sends Stripe's to every visitor).
    expect(secretsIn('pk_live_51H8aBcDeFgHiJkLmNoP')).toEqual([]);
  });

  it('ships no error-reporting or analytics code while neither is configured', () => {
    for (const [path, text] of plain.files) expect(SENTRY_CODE.test(text), path).toBe(false);
    expect([...plain.files.values()].some((text) => text.includes('sendBeacon'))).toBe(false);
  });

  it('with a DSN and a measurement id, keeps Sentry out of the JS that /pay loads first', async () => {
    // A build of its own: the settings change what it ships.
    const configured = await productionBuild({
      VITE_SENTRY_DSN: 'https://publickey@o42.ingest.sentry.io/7',
      VITE_ANALYTICS_ID: 'G-TEST',
      VITE_ANALYTICS_ENDPOINT: 'https://collect.pay-operator.example/events',
    });
    const initial = initialJs(configured);
    expect(initial.length).toBeGreaterThan(0);
    for (const file of initial) expect(SENTRY_CODE.test(configured.files.get(file) ?? ''), file).toBe(false);
    const sentryChunks = [...configured.files].filter(([path, text]) => path.endsWith('.js') && SENTRY_CODE.test(text));
    expect(sentryChunks.length).toBeGreaterThan(0); // it is there, on demand
    expect(configured.html).toContain('connect-src');
    expect(configured.html).toContain('https://o42.ingest.sentry.io');
    expect(configured.html).toContain('https://collect.pay-operator.example');
  }, 120_000);
});
