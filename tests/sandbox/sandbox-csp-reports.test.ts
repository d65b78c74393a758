/**
 * The sandbox as the operator's collector of CSP violation reports (/sandbox/csp-reports, the sandbox
 * build's VITE_CSP_REPORT_URL): both bodies browsers send, listed back; bounded in size and count.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { loadCatalogue } from '../../sandbox/catalogue';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));

const post = (app: SandboxApp, contentType: string, body: unknown) =>
  app.request('/sandbox/csp-reports', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const reported = async (app: SandboxApp) =>
  ((await (await app.request('/sandbox/csp-reports')).json()) as Record<string, string>[]).map(
    ({ received_at: _, ...violation }) => violation,
  );

// As Chromium 156 posted it for an inline <script> added to a page (report-to).
const reportingApiBatch = [
  {
    age: 12,
    type: 'csp-violation',
    url: 'https://localhost:8443/pay?machine_id=1001',
    user_agent: 'Mozilla/5.0',
    body: {
      blockedURL: 'inline',
      disposition: 'enforce',
      documentURL: 'https://localhost:8443/pay?machine_id=1001',
      effectiveDirective: 'script-src-elem',
      originalPolicy: "default-src 'self'; script-src 'self'",
      statusCode: 200,
    },
  },
  { age: 3, type: 'deprecation', url: 'https://localhost:8443/pay', body: { id: 'x' } },
];

// As Chromium posts it for report-uri alone (Firefox sends the same shape).
const legacyReport = {
  'csp-report': {
    'document-uri': 'http://localhost:4173/pay?machine_id=1004',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "script-src 'self'; report-uri /sandbox/csp-reports",
    disposition: 'enforce',
    'blocked-uri': 'https://evil.example/skimmer.js',
    'status-code': 200,
  },
};

describe('/sandbox/csp-reports', () => {
  it('keeps the violations of a Reporting API batch and of a report-uri body, and lists them', async () => {
    const app = createSandboxApp({ catalogue });
    expect(await reported(app)).toEqual([]);
    expect((await post(app, 'application/reports+json', reportingApiBatch)).status).toBe(204);
    expect((await post(app, 'application/csp-report', legacyReport)).status).toBe(204);
    expect(await reported(app)).toEqual([
      {
        via: 'report-to',
        documentURL: 'https://localhost:8443/pay?machine_id=1001',
        blockedURL: 'inline',
        effectiveDirective: 'script-src-elem',
        disposition: 'enforce',
      },
      {
        via: 'report-uri',
        documentURL: 'http://localhost:4173/pay?machine_id=1004',
        blockedURL: 'https://evil.example/skimmer.js',
        effectiveDirective: 'script-src-elem',
        disposition: 'enforce',
      },
    ]);
    expect((await app.request('/sandbox/reset', { method: 'POST' })).status).toBe(204);
    expect(await reported(app)).toEqual([]);
  });

  it('refuses another media type, a body not of its type’s shape, and a body over 64 KiB', async () => {
    const app = createSandboxApp({ catalogue });
    expect((await post(app, 'application/json', legacyReport)).status).toBe(415);
    expect((await post(app, 'application/csp-report', reportingApiBatch)).status).toBe(400);
    expect((await post(app, 'application/reports+json', legacyReport)).status).toBe(400);
    expect((await post(app, 'application/reports+json', '[{')).status).toBe(400);
    const padded = [{ ...reportingApiBatch[0], padding: 'x'.repeat(64 * 1024) }];
    expect((await post(app, 'application/reports+json', padded)).status).toBe(413);
    expect(await reported(app)).toEqual([]);
  });

  it('keeps only the latest 100 violations', async () => {
    const app = createSandboxApp({ catalogue });
    for (let index = 1; index <= 101; index++) {
      const report = {
        'csp-report': { ...legacyReport['csp-report'], 'blocked-uri': `https://x.example/${index}.js` },
      };
      expect((await post(app, 'application/csp-report', report)).status).toBe(204);
    }
    const kept = await reported(app);
    expect(kept).toHaveLength(100);
    expect(kept[0]?.blockedURL).toBe('https://x.example/2.js');
    expect(kept.at(-1)?.blockedURL).toBe('https://x.example/101.js');
  });
});
