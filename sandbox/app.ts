import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { serverHeadersOfBuild } from '../deploy/server-headers';
import type { Catalogue } from './catalogue';
import { bitPaymentRoutes } from './api/bit';
import { cardScanPaymentRoutes } from './api/card-scan';
import { customPaymentRoutes } from './api/custom-payment';
import { hostedPageReturnRoutes, hostedPageVerifyRoutes, OPERATOR_HYP_RETURN_PATH } from './api/hosted-page';
import { menuRoutes } from './api/menu';
import { notificationRoutes } from './api/notifications';
import { paymentStatusRoutes } from './api/payment-status';
import { paymentRoutes } from './api/payment';
import { promotionRoutes } from './api/promotion';
import { signLinkRoutes } from './api/sign-link';
import { tranzilaHandshakeRoutes } from './api/tranzila';
import { wheelshareRoutes } from './api/wheelshare';
import type { SandboxEnv, SandboxState } from './api/shared';
import { createCashier } from './cashier';
import { cspReportRoutes } from './csp-reports';
import { IMAGE_NAME, placeholderSvg } from './images';
import { bitRoutes, createBitProcessor } from './standins/bit';
import { cardScanRoutes, createCardScanner } from './standins/card-scan';
import { googlePayRoutes } from './standins/google-pay';
import { hostedPageRoutes } from './standins/hosted-page';
import { createHypTerminal } from './standins/hyp-terminal';
import { scriptRoutes } from './standins/scripts';
import { stripeRoutes } from './standins/stripe';
import { tranzilaRoutes } from './standins/tranzila';
import { operatorCors } from './cors';
import { sandboxFaults, type SandboxFaults } from './faults';
import { MACHINE_ANSWER_LIMIT_MS } from './operator/delivery';
import { createMachineControllers, type MachineTimings } from './standins/machine-controller';

/** A demo machine answers a slow wake in 3 s and vends in 2.5 s: long enough to see, short enough to wait. */
const MACHINE_TIMINGS: MachineTimings = { slowAnswerMs: 3000, deliveryMs: 2500 };
import { idempotency } from './idempotency';
import { createMemberStore } from './members';
import { createLinkBookings } from './link-bookings';
import { createRentalStore } from './rentals';
import { createChargeStore, type Purchase } from './stores';
import { createPaymentRecords } from './payment-records';
import { createPurchaseLives } from './operator/purchase-lives';
import { reconcileOpenAttempts } from './operator/reconcile';
import { createVisitorSessions } from './visitor-sessions';
import {
  clientAddress,
  createSlidingWindow,
  isAttemptCall,
  isBookingCall,
  limitedPerSessionAndAddress,
  RATE_LIMITS,
  rateLimited,
  type RateLimits,
} from './rate-limit';

export type { SandboxEnv, SandboxState } from './api/shared';
export type { Charge, ChargeStore, NewCharge, Purchase, PurchaseStore } from './stores';
export type { Member, MemberStore } from './members';

export interface SandboxOptions {
  catalogue: Catalogue;
  /** The built app (vite build --mode sandbox); without it only the API and /sandbox/* are served. */
  distDir?: string;
  /** How long the simulated processor takes over a charge (default 0); a second attempt meanwhile is refused. */
  processingMs?: number;
  /** Where the providers' stand-ins are served (their own origin, as the build names it). */
  providersOrigin?: string;
  /**
   * The app's origins, which the providers know as the merchant's (a real provider keeps the merchant's
   * registered sites): the only pages their frames report to and their redirects return to.
   */
  appOrigins?: string[];
  /**
   * Whether the operator's /v4/api has an origin of its own (`api`), as in production; then the app's
   * origin does not answer it. Otherwise the app's origin serves it too.
   */
  apiOnItsOwnOrigin?: boolean;
  /** Sees each provider notification and the operator's answer to it (the contract tests check both). */
  onNotification?: (notification: Request, answer: Response) => Promise<void>;
  /**
   * How often the operator sweeps the attempts whose provider's window is over (operator/reconcile.ts);
   * no sweep without it. server.ts sweeps every minute.
   */
  reconcileEveryMs?: number;
  /** The operator's rate limits (rate-limit.ts; default RATE_LIMITS) and their clock: tests pass a fake one. */
  rateLimits?: RateLimits;
  rateLimitClock?: () => number;
  /** The machines' timings (standins/machine-controller.ts) and how long the operator waits for one to answer. */
  machineTimings?: MachineTimings;
  machineAnswerLimitMs?: number;
  /** How long the providers take to settle a refund they accepted (stores.ts). */
  refundSettleMs?: number;
  /**
   * The operator's API origin when it has one of its own (default http://api.localhost); otherwise the
   * API answers on the app's origins and the first of them is the one the Hyp terminal's settings name.
   */
  apiOrigin?: string;
}

/**
 * The Hono app of the app's origin (the built app, /sandbox/* tools, and the operator's /v4/api unless it
 * has its own origin), with the state its routes share for tests to read; `providers`: the app of the
 * providers' own origin; `api`: the operator's /v4/api, as served on an origin of its own.
 */
export type SandboxApp = Hono<SandboxEnv> & SandboxState & { providers: Hono<SandboxEnv>; api: Hono<SandboxEnv> };

/** A server's common ground: compressed answers, JSON errors, a JSON 404. */
function newServer() {
  const app = new Hono<SandboxEnv>();
  app.use(compress());
  app.onError((error, c) => {
    // An exception made with its own answer (a 409 naming the purchase's status) is answered as made.
    if (error instanceof HTTPException) return error.res ?? c.json({ message: error.message }, error.status);
    console.error(error);
    return c.json({ message: 'sandbox error' }, 500);
  });
  app.notFound((c) => c.json({ message: `no route for ${c.req.method} ${c.req.path}` }, 404));
  return app;
}

/**
 * The stand-ins for the payment providers (design.md §2), on an origin of their own: their SDK scripts,
 * framed pages, hosted pages and processors. The scripts run in the app's page, so what they call
 * answers CORS for the merchant's origins only, as the providers' APIs do for registered sites.
 */
function providersApp(state: SandboxState) {
  const app = newServer();
  const merchants = (origin: string) => (state.appOrigins.includes(origin) ? origin : null);
  app.use('/sandbox/stripe/*', cors({ origin: merchants, allowMethods: ['POST'] }));
  app.use('/sandbox/google-pay/*', cors({ origin: merchants, allowMethods: ['GET'] }));
  app.route('/sandbox', scriptRoutes());
  app.route('/sandbox/tranzila', tranzilaRoutes(state));
  app.route('/sandbox/hosted-page', hostedPageRoutes(state));
  app.route('/sandbox/stripe', stripeRoutes(state));
  app.route('/sandbox/google-pay', googlePayRoutes());
  app.route('/sandbox/bit', bitRoutes(state));
  app.route('/sandbox/card-scan', cardScanRoutes(state));
  return app;
}

/**
 * The operator's /v4/api (requirements.md §7), answering CORS for the app's origins (sandbox/cors.ts) first: a
 * preflight never meets an armed fault or a session check.
 */
function operatorApi(
  state: SandboxState,
  faults: SandboxFaults,
  { limits, now }: { limits: RateLimits; now: (() => number) | undefined },
) {
  const api = newServer();
  api.use(
    '/v4/*',
    operatorCors((origin) => state.appOrigins.includes(origin)),
  );
  api.use(faults.inject);
  api.use('/v4/api/*', async (c, next) => {
    c.set('sessionUuid', c.req.header('session-uuid') ?? c.req.query('session_uuid'));
    await next();
  });
  api.use(
    '/v4/api/*',
    idempotency((sessionUuid) => state.purchases.has(sessionUuid)),
  );
  // Card testing (docs/payments.md, "Rate limits"): new sessions, bookings and attempts per address; bookings per
  // visitor session; attempts per purchase.
  // After the idempotency check, so a replayed answer (nothing opened) is not counted.
  const menus = createSlidingWindow(limits.menusPerAddress, now);
  api.use('/v4/api/menu/get', rateLimited(menus, clientAddress, 'new sessions from this address'));
  api.use(
    '/v4/api/payment/*',
    ...limitedPerSessionAndAddress(isAttemptCall, limits.attemptsPerSession, limits.attemptsPerAddress, now, {
      session: 'payment attempts on this purchase',
      address: 'payment attempts from this address',
    }),
  );
  api.use(
    '/v4/api/*',
    ...limitedPerSessionAndAddress(isBookingCall, limits.bookingsPerSession, limits.bookingsPerAddress, now, {
      session: 'purchases booked in this session',
      address: 'purchases booked from this address',
    }),
  );
  // Server to server: no browser, so no session; each notification proves where it comes from.
  api.route('/v4/api/notify', notificationRoutes(state));
  api.route('/v4/api/menu', menuRoutes(state));
  api.route('/v4/api/menu/promotion', promotionRoutes(state));
  api.route('/v4/api/payment', paymentRoutes(state));
  api.route('/v4/api/payment', tranzilaHandshakeRoutes(state));
  api.route('/v4/api/payment/post/hosted_page', hostedPageVerifyRoutes(state));
  // A page Hyp sends the browser to, not a call of the app: outside /v4/api (the contract's calls).
  api.route('/v4/hyp', hostedPageReturnRoutes(state));
  api.route('/v4/api/payment', bitPaymentRoutes(state));
  api.route('/v4/api/payment', cardScanPaymentRoutes(state));
  api.route('/v4/api/payment', paymentStatusRoutes(state));
  api.route('/v4/api', wheelshareRoutes(state));
  api.route('/v4/api/merchants/custom', customPaymentRoutes(state));
  return api;
}

/** Paths the single-page app must never answer: its index.html there would hide a missing route. */
const NOT_THE_APP = /^\/(?:v4|sandbox)\//;

// Vite names files under /assets/ by their content hash, so they never change; anything else is revalidated.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const isAsset = (path: string) => path.startsWith('/assets/');

/** Sets Cache-Control on a file serveStatic found (when it passed the request on, it answers no Response). */
async function withCacheControl(served: Promise<unknown>, cacheControl: string) {
  const response = await served;
  if (!(response instanceof Response)) return;
  response.headers.set('Cache-Control', cacheControl);
  return response;
}

/**
 * The operator's /v4/api contract (requirements.md §7) from a catalogue, plus /sandbox/* tools and, optionally, the
 * built app.
 */
export function createSandboxApp({
  catalogue,
  distDir,
  processingMs = 0,
  providersOrigin = 'http://providers.localhost',
  appOrigins = ['http://localhost'],
  apiOnItsOwnOrigin = false,
  onNotification,
  apiOrigin = 'http://api.localhost',
  reconcileEveryMs,
  rateLimits = RATE_LIMITS,
  rateLimitClock,
  machineTimings = MACHINE_TIMINGS,
  machineAnswerLimitMs = MACHINE_ANSWER_LIMIT_MS,
  refundSettleMs,
}: SandboxOptions): SandboxApp {
  const charges = createChargeStore(undefined, refundSettleMs);
  const machines = createMachineControllers(machineTimings);
  const faults = sandboxFaults();
  // The terminal's one return page is the operator's own (set once in Hyp's terminal settings): on the
  // API's origin, or, where the API answers on the app's origins, on the first of them.
  const purchases = new Map<string, Purchase>();
  const bit = createBitProcessor({ appOrigins, providersOrigin });
  const cardScanner = createCardScanner({ appOrigins, providersOrigin });
  const operatorOrigin = apiOnItsOwnOrigin ? apiOrigin : (appOrigins[0] ?? 'http://localhost');
  const state: SandboxState = {
    catalogue,
    visitors: createVisitorSessions(),
    providersOrigin,
    appOrigins,
    apiOnItsOwnOrigin,
    purchases,
    charges,
    cashier: createCashier(charges, processingMs),
    members: createMemberStore(),
    rentals: createRentalStore(),
    links: createLinkBookings(),
    bit,
    cardScanner,
    payments: createPaymentRecords(),
    machines,
    machineAnswerLimitMs,
    takeMachineFault: faults.takeMachineFault,
    lives: createPurchaseLives({ purchases, charges, bit, cardScanner, machines }),
    // In-process, through the operator's own routes and checks, as a provider's POST would arrive.
    notifyOperator: async (notification) => {
      const response = await api.fetch(notification.clone());
      await onNotification?.(notification, response.clone());
      if (!response.ok) console.warn(`notification ${notification.url} refused: ${await response.text()}`);
    },
    hyp: createHypTerminal(new URL(OPERATOR_HYP_RETURN_PATH, operatorOrigin)),
  };
  // Nobody needs to ask: open attempts past their provider's window are queried and closed.
  if (reconcileEveryMs) setInterval(() => reconcileOpenAttempts(state), reconcileEveryMs).unref();
  const app = newServer();
  app.use(faults.control);
  const api = operatorApi(state, faults, { limits: rateLimits, now: rateLimitClock });
  if (!apiOnItsOwnOrigin) app.route('/', api);

  // The build's report address (.env.sandbox's VITE_CSP_REPORT_URL): the sandbox is the operator's collector.
  const cspReports = cspReportRoutes();
  app.route('/sandbox/csp-reports', cspReports.routes);
  app.get('/sandbox/charges', (c) => c.json(state.charges.list()));
  app.get('/sandbox/payments', (c) => c.json(state.payments.list()));
  // What the operator received from the loyalty sign-up; tests read it as they read the charges.
  app.get('/sandbox/promotion/members', (c) => c.json(state.members.list()));
  app.route('/sandbox/sign-link', signLinkRoutes(state));
  app.post('/sandbox/reset', (c) => {
    state.charges.clear();
    state.payments.clear();
    state.lives.clear();
    state.purchases.clear();
    state.rentals.clear();
    state.links.clear();
    state.members.clear();
    state.bit.clear();
    state.cardScanner.clear();
    state.machines.clear();
    state.hyp.clear();
    cspReports.clear();
    return c.body(null, 204);
  });
  app.get('/sandbox/images/:file{.+\\.svg}', (c) => {
    const name = c.req.param('file').slice(0, -'.svg'.length);
    if (!IMAGE_NAME.test(name)) return c.notFound();
    return c.body(placeholderSvg(name), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=3600',
    });
  });

  if (distDir) {
    const files = serveStatic({ root: distDir });
    const index = serveStatic({ root: distDir, path: 'index.html' });
    // The app's pages carry the headers the build asks for, as deploy/Caddyfile sends them: the policy with
    // frame-ancestors and its report directives, which only a header can carry (stand-in pages keep their own).
    const headers = serverHeadersOfBuild(distDir);
    app.use('*', async (c, next) => {
      await next();
      if (headers && !NOT_THE_APP.test(c.req.path) && c.res.headers.get('Content-Type')?.startsWith('text/html')) {
        c.res.headers.set('Content-Security-Policy', `${headers['Content-Security-Policy']}; frame-ancestors 'self'`);
        c.res.headers.set('Reporting-Endpoints', headers['Reporting-Endpoints']);
      }
    });
    app.get('*', (c, next) =>
      NOT_THE_APP.test(c.req.path)
        ? next()
        : withCacheControl(files(c, next), isAsset(c.req.path) ? IMMUTABLE : 'no-cache'),
    );
    // Client routes (/pay, /vacuum ...) get the app; a missing hashed asset stays a 404 rather than HTML.
    app.get('*', (c, next) =>
      NOT_THE_APP.test(c.req.path) || isAsset(c.req.path) ? next() : withCacheControl(index(c, next), 'no-cache'),
    );
  }

  return Object.assign(app, state, { providers: providersApp(state), api });
}
