// Starts Caddy with deploy/Caddyfile on a build: shared by `npm run serve:prod` and `npm run bench`, so the
// bench measures the app (and the bare page) as production serves it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerHeaders } from './csp-plugin';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const CADDY = process.env.CADDY ?? 'caddy';

export interface CaddySite {
  /** The HTTPS port. */
  port: number;
  /** The build to serve. */
  siteRoot: string;
  /** The merchants' sites allowed to frame /customPaymentIframe. */
  frameAncestors?: readonly string[];
  stdio?: 'inherit' | 'ignore';
}

/**
 * The headers the build asks for (its server-headers.json, written by scripts/csp-plugin.ts); none for a
 * build without one (the bench's bare page), which then gets the same server rules without a policy.
 */
function headersOf(siteRoot: string): ServerHeaders | undefined {
  const file = join(siteRoot, 'server-headers.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ServerHeaders) : undefined;
}

export function startCaddy({ port, siteRoot, frameAncestors = [], stdio = 'inherit' }: CaddySite): ChildProcess {
  const headers = headersOf(siteRoot);
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
      FRAME_ANCESTORS: frameAncestors.join(' '),
    },
  });
}
