/**
 * The operator's collector of Content-Security-Policy violation reports, as the sandbox keeps them: the
 * build's VITE_CSP_REPORT_URL (.env.sandbox: /sandbox/csp-reports) names it, so a test can see a violation
 * the browser reported. Browsers post two shapes (w3c.github.io/reporting, w3c.github.io/webappsec-csp):
 * - report-to, the Reporting API: `application/reports+json`, an array of reports, a violation's
 *   `type` "csp-violation" with `body.documentURL`, `blockedURL`, `effectiveDirective`, `disposition`;
 * - report-uri, the legacy body (browsers without the Reporting API): `application/csp-report`,
 *   `{"csp-report": {"document-uri", "blocked-uri", "effective-directive", "disposition"}}`.
 * Anyone can post here, so it is bounded: a body of at most 64 KiB, and the latest 100 violations kept.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SandboxEnv } from './api/shared';

export const CSP_REPORT_BODY_LIMIT_BYTES = 64 * 1024;
export const CSP_REPORTS_KEPT = 100;

/** One violation, whichever way it came. */
export interface CspViolation {
  via: 'report-to' | 'report-uri';
  documentURL: string;
  blockedURL: string;
  effectiveDirective: string;
  disposition: string;
  received_at: string;
}

type Fields = Omit<CspViolation, 'via' | 'received_at'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The named fields of a report body, each a string ('' when the browser sent none). */
const fieldsOf = (body: Record<string, unknown>, names: Record<keyof Fields, string>): Fields => {
  const text = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
  return {
    documentURL: text(names.documentURL),
    blockedURL: text(names.blockedURL),
    effectiveDirective: text(names.effectiveDirective),
    disposition: text(names.disposition),
  };
};

/** The violations in a body of this media type; undefined when the body is not of that shape. */
function violationsIn(mediaType: string, json: unknown): Omit<CspViolation, 'received_at'>[] | undefined {
  if (mediaType === 'application/reports+json') {
    if (!Array.isArray(json) || !json.every(isRecord)) return undefined;
    // A batch may carry other report types (deprecation, intervention) for the same endpoint.
    return json
      .filter((report) => report.type === 'csp-violation' && isRecord(report.body))
      .map((report) => ({
        via: 'report-to' as const,
        ...fieldsOf(report.body as Record<string, unknown>, {
          documentURL: 'documentURL',
          blockedURL: 'blockedURL',
          effectiveDirective: 'effectiveDirective',
          disposition: 'disposition',
        }),
      }));
  }
  const report = isRecord(json) ? json['csp-report'] : undefined;
  if (!isRecord(report)) return undefined;
  return [
    {
      via: 'report-uri',
      ...fieldsOf(report, {
        documentURL: 'document-uri',
        blockedURL: 'blocked-uri',
        effectiveDirective: 'effective-directive',
        disposition: 'disposition',
      }),
    },
  ];
}

const MEDIA_TYPES = ['application/reports+json', 'application/csp-report'];

/** POST receives reports, GET lists the kept violations (oldest first); `clear` is for /sandbox/reset. */
export function cspReportRoutes(now: () => Date = () => new Date()): { routes: Hono<SandboxEnv>; clear: () => void } {
  const kept: CspViolation[] = [];
  const routes = new Hono<SandboxEnv>();
  const refuse = (c: Context, status: 400 | 413 | 415, message: string) => c.json({ message }, status);
  routes.post(
    '/',
    bodyLimit({
      maxSize: CSP_REPORT_BODY_LIMIT_BYTES,
      onError: (c) => refuse(c, 413, `a report body is at most ${CSP_REPORT_BODY_LIMIT_BYTES} bytes`),
    }),
    async (c) => {
      const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!MEDIA_TYPES.includes(mediaType)) return refuse(c, 415, `a report is ${MEDIA_TYPES.join(' or ')}`);
      const json: unknown = await c.req.json().catch(() => undefined);
      const violations = violationsIn(mediaType, json);
      if (!violations) return refuse(c, 400, `not a ${mediaType} body`);
      kept.push(...violations.map((violation) => ({ ...violation, received_at: now().toISOString() })));
      kept.splice(0, Math.max(0, kept.length - CSP_REPORTS_KEPT));
      return c.body(null, 204);
    },
  );
  routes.get('/', (c) => c.json(kept));
  return { routes, clear: () => kept.splice(0) };
}
