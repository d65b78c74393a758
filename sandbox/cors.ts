import type { MiddlewareHandler } from 'hono';

/**
 * CORS of the operator's /v4/api as contract/operator-api.yaml states it, for the app's origins only.
 *
 * The browsers' rules it answers (MDN, "Cross-Origin Resource Sharing", https://developer.mozilla.org/docs/Web/HTTP/CORS,
 * and the Fetch standard's CORS protocol, https://fetch.spec.whatwg.org/#http-cors-protocol):
 * - the app fetches with `credentials: 'include'`, and a credentialed answer must name the origin:
 *   `Access-Control-Allow-Origin: *` is refused ("Credential is not supported if the CORS header
 *   'Access-Control-Allow-Origin' is '*'", https://developer.mozilla.org/docs/Web/HTTP/CORS/Errors/CORSNotSupportingCredentials),
 *   and `Access-Control-Allow-Credentials: true` must be there, on the preflight too;
 * - an answer that depends on Origin says `Vary: Origin`, so no cache hands one site's answer to another;
 * - the `session-uuid` header (and a JSON content-type) makes the browser send a preflight OPTIONS first,
 *   which carries no credentials and none of the request's headers: it must be answered without a session;
 * - Access-Control-Max-Age caches the preflight: Chromium caps it at 2 hours, Firefox at 24
 *   (https://developer.mozilla.org/docs/Web/HTTP/Headers/Access-Control-Max-Age); 10 minutes here.
 * Any other origin gets no CORS header at all, so its browser keeps the answer from the page.
 */
export const API_CORS = {
  allowMethods: 'GET, POST',
  allowHeaders: 'session-uuid, content-type, idempotency-key',
  maxAgeSeconds: 600,
} as const;

export function operatorCors(isAllowed: (origin: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && isAllowed(origin);
    const preflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (preflight) {
      // Answered here, before any fault or session check: a preflight is not the call itself.
      const headers = new Headers({ Vary: 'Origin' });
      if (allowed) {
        headers.set('Access-Control-Allow-Origin', origin);
        headers.set('Access-Control-Allow-Credentials', 'true');
        headers.set('Access-Control-Allow-Methods', API_CORS.allowMethods);
        headers.set('Access-Control-Allow-Headers', API_CORS.allowHeaders);
        headers.set('Access-Control-Max-Age', String(API_CORS.maxAgeSeconds));
      }
      return new Response(null, { status: 204, headers });
    }
    await next();
    // Through c.header: under @hono/node-server, a header set on c.res.headers directly can be lost when the
    // answer is copied later (its lightweight Response rebuilds from the original init).
    c.header('Vary', 'Origin', { append: true });
    if (allowed) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Credentials', 'true');
    }
  };
}
