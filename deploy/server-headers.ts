/**
 * The headers every server of a build sends with its pages (deploy/Caddyfile through scripts/caddy.ts, and
 * the sandbox's server), as the build asks for them: scripts/csp-plugin.ts writes them into the build's
 * server-headers.json, which is read here. Node's file system only: no server imports the build's tooling.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file in a build's folder that holds its server headers. */
export const SERVER_HEADERS_FILE = 'server-headers.json';

/** What a production server sends with the build (deploy/Caddyfile). */
export interface ServerHeaders {
  /** The page's policy plus its report directives, which a <meta> policy cannot carry. */
  'Content-Security-Policy': string;
  'Permissions-Policy': string;
  'Reporting-Endpoints': string;
}

/** The headers the build in `distDir` asks for, or none for a build without them. */
export function serverHeadersOfBuild(distDir: string): ServerHeaders | undefined {
  const file = join(distDir, SERVER_HEADERS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ServerHeaders) : undefined;
}

/** The report address of these headers when it is a path on the app's own origin, which its server must forward. */
export const sameOriginReportPath = (headers: ServerHeaders | undefined): string | undefined =>
  /^[\w-]+="(\/[^"]*)"$/.exec(headers?.['Reporting-Endpoints'] ?? '')?.[1];
