// Starts Caddy with deploy/Caddyfile on a build: shared by `npm run serve:prod` and `npm run bench`, so the
// bench measures the app (and the bare page) as production serves it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sameOriginReportPath, serverHeadersOfBuild } from '../deploy/server-headers';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const CADDY = process.env.CADDY ?? 'caddy';

export interface CaddySite {
  /** The HTTPS port. */
  port: number;
  /** The build to serve. */
  siteRoot: string;
  /** The merchants' sites allowed to frame /customPaymentIframe. */
  frameAncestors?: readonly string[];
  /** Where violation reports posted to the build's report path on this origin go on to (host:port). */
  reportsUpstream?: string;
  stdio?: 'inherit' | 'ignore';
}

export function startCaddy({
  port,
  siteRoot,
  frameAncestors = [],
  reportsUpstream = '',
  stdio = 'inherit',
}: CaddySite): ChildProcess {
  // The headers the build asks for (scripts/csp-plugin.ts); none for a build without them (the bench's
  // bare page), which then gets the same server rules without a policy.
  const headers = serverHeadersOfBuild(siteRoot);
  // Caddy's local CA and certificates: git-ignored, never the system's trust store.
  const caddyHome = join(repoRoot, '.caddy');
  mkdirSync(caddyHome, { recursive: true });
  return spawn(CADDY, ['run', '--adapter', 'caddyfile', '--config', join(repoRoot, 'deploy', 'Caddyfile')], {
    cwd: repoRoot,
    stdio,
    env: {
      ...process.env,
      PORT: String(port),
      SITE_ROOT: siteRoot,
      CADDY_STORAGE: caddyHome,
      XDG_DATA_HOME: caddyHome,
      XDG_CONFIG_HOME: caddyHome,
      CSP: headers?.['Content-Security-Policy'] ?? '',
      PERMISSIONS_POLICY: headers?.['Permissions-Policy'] ?? '',
      REPORTING_ENDPOINTS: headers?.['Reporting-Endpoints'] ?? '',
      CSP_REPORT_PATH: sameOriginReportPath(headers) ?? '',
      CSP_REPORT_UPSTREAM: reportsUpstream,
      FRAME_ANCESTORS: frameAncestors.join(' '),
    },
  });
}
