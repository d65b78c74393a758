/**
 * Renders the /pay page wired to the real sandbox in-process (design.md §2): the sandbox's Hono app
 * answers the app's ky client through its `fetch` option, so no request leaves the test.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resolve } from 'node:path';
import { afterEach } from 'vitest';
import { fromPromise } from 'xstate';
import type { purchaseMachine } from '../../machines/purchase/purchase.machine';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { loadCatalogue } from '../../sandbox/catalogue';
import { providePayPage } from '../../src/actors/pay-page';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { HOSTED_PAGE_ORIGIN, PROVIDER_URLS } from '../../src/config';
import { PayPage } from '../../src/views/pay/PayPage';
import { stickerOf } from '../fixtures/machine-pages';
import type { OrderSource } from '../../machines/purchase/purchase.types';
import type { PaymentOrder } from '../../machines/payment/payment.types';
import { loadContract } from '../fixtures/contract';

export { default as en } from '../../locales/en.json';
export { default as he } from '../../locales/he.json';

// Not `new URL(..., import.meta.url)`: Vite rewrites that pattern into an asset URL.
export const catalogue = loadCatalogue(resolve(import.meta.dirname, '../../sandbox/catalogue.json'));

/** The menu of a catalogue machine, as the app reads it. */
export function catalogueMenu(machineId: string) {
  const machine = catalogue.get(machineId);
  if (!machine) throw new Error(`no machine ${machineId} in the sandbox catalogue`);
  return machine.menu;
}

export const BASE_HOST = 'http://sandbox.test';

/** Passes a request on to the sandbox. */
export type Sandbox = (request: Request) => Promise<Response>;

/** Stands between the app and the sandbox: may answer a request itself, or pass it on. */
export type Intercept = (request: Request, sandbox: Sandbox) => Promise<Response>;

/** What the app sent, kept for assertions. */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials;
  /** The body as text ('' without one). */
  body: Promise<string>;
}

export interface RenderPayPageOptions {
  machineId?: string;
  machineClosed?: boolean;
  /** Sets the splash cookie first, so the page skips the 2.5 s splash (default true). */
  splashSeen?: boolean;
  intercept?: Intercept;
  /** Options for user-event (fake timers need advanceTimers). */
  user?: Parameters<typeof userEvent.setup>[0];
  /** What decides the order, as /vacuum or a payment link's page passes it (default: the product view). */
  orderSource?: OrderSource;
  /** Google's isReadyToPay answer for this browser (default true): jsdom cannot load Google's pay.js. */
  googlePayReady?: boolean;
}

export interface SandboxConnection {
  /** The sandbox: its `purchases` and `charges` are what it recorded. */
  app: SandboxApp;
  /** The app's API client, talking to the sandbox through `intercept`, if given. */
  api: ApiClient;
  requests: SentRequest[];
}

export interface PayPageHarness extends ReturnType<typeof render>, SandboxConnection {
  user: ReturnType<typeof userEvent.setup>;
}

const contract = loadContract();
/** What the sandbox got or answered that contract/operator-api.yaml does not describe, in this test. */
const contractBreaches: string[] = [];

// A breach fails the test it happened in, whatever the screen showed; softly, so the other
// afterEach hooks (Testing Library's cleanup) still run.
afterEach(({ expect }) => {
  expect.soft(contractBreaches.splice(0), 'exchanges contract/operator-api.yaml does not describe').toEqual([]);
});

/** The sandbox's answer, once the exchange is checked against the contract. */
async function checkedAnswer(app: SandboxApp, request: Request): Promise<Response> {
  const sent = request.clone();
  const answer = await app.fetch(request);
  await (await contract).check(sent, answer).catch((error: unknown) => {
    contractBreaches.push(error instanceof Error ? error.message : String(error));
  });
  return answer;
}

/**
 * The in-process sandbox names its stand-ins' pages on its own providers' origin; this build (the test
 * mode's .env) follows them only on the real providers' origins. So the pages the operator names are moved
 * onto those origins, as a real operator would name them (the frame is never loaded in jsdom).
 */
const PAGES_ON_THE_BUILDS_ORIGINS: [call: string, origin: string | undefined][] = [
  ['api/payment/pay/pay_ajax', HOSTED_PAGE_ORIGIN],
  ['api/payment/pre/bit/init', PROVIDER_URLS.bitOrigin],
];

export async function onTheBuildsOrigins(request: Request, answer: Response): Promise<Response> {
  const origin = PAGES_ON_THE_BUILDS_ORIGINS.find(([call]) => isCall(request, call))?.[1];
  if (!origin || !answer.ok) return answer;
  // A fault's broken body (malformed JSON, say) goes to the app as it is.
  const body = (await answer
    .clone()
    .json()
    .catch(() => undefined)) as { data?: { payment_url?: string; data?: { payment_url?: string } } | null } | undefined;
  const holder = body?.data?.data ?? body?.data;
  if (!holder?.payment_url) return answer;
  const page = new URL(holder.payment_url);
  holder.payment_url = new URL(page.pathname + page.search, origin).href;
  return json(body);
}

/**
 * A fresh in-process sandbox and an API client that talks to it, keeping every request it sends. Every
 * request that reaches the sandbox, and its answer, is checked against the contract.
 */
export function connectSandbox({ intercept }: { intercept?: Intercept | undefined } = {}): SandboxConnection {
  // The page's own origin is the merchant's site the providers return to.
  const app = createSandboxApp({ catalogue, appOrigins: [window.location.origin] });
  const sandbox: Sandbox = async (request) => onTheBuildsOrigins(request, await checkedAnswer(app, request.clone()));
  const requests: SentRequest[] = [];
  const api = createApiClient({
    baseHost: BASE_HOST,
    storage: localStorage,
    // ky calls fetch with a Request (and its non-standard options as init).
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push({
        method: request.method,
        url: new URL(request.url),
        headers: new Headers(request.headers),
        credentials: request.credentials,
        body: request.clone().text(),
      });
      return intercept ? intercept(request, sandbox) : sandbox(request);
    },
  });
  return { app, api, requests };
}

export function renderPayPage({
  machineId = '1001',
  machineClosed = false,
  splashSeen = true,
  intercept,
  user: userOptions,
  orderSource,
  googlePayReady = true,
}: RenderPayPageOptions = {}): PayPageHarness {
  if (splashSeen) document.cookie = 'splash=1; path=/';
  const { app, api, requests } = connectSandbox({ intercept });
  const user = userEvent.setup(userOptions);
  const view = render(
    <PayPage
      machineId={machineId}
      proof={stickerOf(machineId)}
      machineClosed={machineClosed}
      orderSource={orderSource}
      logic={withGooglesAnswer(providePayPage(api), googlePayReady)}
    />,
  );
  return { ...view, app, api, requests, user };
}

/** The page's machines with Google's isReadyToPay answering `ready`, as pay.js would in a real browser. */
function withGooglesAnswer(logic: ReturnType<typeof providePayPage>, ready: boolean) {
  const purchase = logic.implementations.actors.purchase as typeof purchaseMachine;
  const checkGooglePay = fromPromise<boolean, { order: PaymentOrder }>(() => Promise.resolve(ready));
  return logic.provide({ actors: { purchase: purchase.provide({ actors: { checkGooglePay } }) } });
}

/** True for a call to the given API path (after /v4/), e.g. 'api/menu/get'. */
export const isCall = (request: { url: string | URL }, path: string) => new URL(request.url).pathname === `/v4/${path}`;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A text as a screen reader hears it, for a name query: any space in it also matches the no-break space
 * that keeps a wallet's name whole in a sentence (src/i18n/brand-names.ts).
 */
export const asHeard = (text: string): RegExp =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);
