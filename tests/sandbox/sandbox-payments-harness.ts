/** The sandbox app, the test cards and the requests the sandbox payment tests share. */
import { fileURLToPath } from 'node:url';
import type { SandboxApp } from '../../sandbox/app';
import { TEST_CARDS } from '../../sandbox/cards';
import { loadCatalogue } from '../../sandbox/catalogue';

export const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));

export const now = new Date();
export const yy = (year: number) => String(year % 100).padStart(2, '0');
export const FUTURE = `12/${yy(now.getFullYear() + 2)}`;
export const THIS_MONTH = `${String(now.getMonth() + 1).padStart(2, '0')}/${yy(now.getFullYear())}`;
export const LAST_YEAR = `12/${yy(now.getFullYear() - 1)}`;
export interface Card {
  number: string;
  expiry: string;
  cvv: string;
}
export const GOOD_CARD: Card = { number: TEST_CARDS.approved, expiry: FUTURE, cvv: '123' };

export type Json = Record<string, unknown>;
export const read = async (response: Response) => (await response.json()) as Json;

/** The providers' stand-ins answer on their own origin; everything else is the app's. */
export const STAND_IN = /^\/sandbox\/(?:tranzila|hosted-page|stripe|bit|card-scan|sdk|pages)\b/;
export const serverOf = (app: SandboxApp, path: string) => (STAND_IN.test(path) ? app.providers : app);

export async function postJson(app: SandboxApp, path: string, body: unknown) {
  return serverOf(app, path).request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function postForm(app: SandboxApp, path: string, fields: Record<string, string>) {
  return serverOf(app, path).request(path, { method: 'POST', body: new URLSearchParams(fields) });
}
