/**
 * frame-ancestors from the production server's header (FRAME_ANCESTORS, deploy/Caddyfile): a merchant
 * listed there can frame /customPaymentIframe; another site cannot, and no site can frame the other pages.
 * The merchants' pages are served by a small server of their own on localhost (Chromium refuses a page
 * it sees as public, such as one Playwright fulfils, any frame from localhost: Private Network Access).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { MERCHANT_ORIGIN } from '../../playwright.prod.config';
import { expect, test } from '../e2e/fixtures';
import { payPath } from '../fixtures/machine-pages';

const LINK = '/customPaymentIframe?machineId=1001&totalPrice=7.50&info=Wheelchair%20rental';

/** A shop's page framing the address in its `src` query (allow="payment", as docs/serving.md asks of merchants). */
function shop(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://localhost').searchParams.get('src') ?? '';
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(
      `<!doctype html><title>Shop</title><iframe title="Payment" allow="payment" src="${src.replaceAll('"', '&quot;')}" width="390" height="700"></iframe>`,
    );
  });
  return new Promise((listening) => server.listen(port, 'localhost', () => listening(server)));
}

// One worker: the listed merchant's port is fixed (FRAME_ANCESTORS names it).
test.describe.configure({ mode: 'serial' });
let merchant: Server;
let otherShop: Server;
test.beforeAll(async () => {
  merchant = await shop(Number(new URL(MERCHANT_ORIGIN).port));
  otherShop = await shop(0);
});
test.afterAll(() => {
  merchant.close();
  otherShop.close();
});

const originOf = (server: Server) => `http://localhost:${(server.address() as AddressInfo).port}`;

async function frameFrom(page: Page, server: Server, src: string): Promise<void> {
  await page.goto(`${originOf(server)}/?src=${encodeURIComponent(src)}`);
}

/** The browser's refusal of the frame (Chromium reports it on the console and shows an error page in it). */
function refusals(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('frame-ancestors')) messages.push(message.text());
  });
  return messages;
}

test('a listed merchant frames the payment page, and it works there', async ({ page, baseURL }) => {
  const refused = refusals(page);
  await frameFrom(page, merchant, `${baseURL ?? ''}${LINK}`);
  const frame = page.frameLocator('iframe[title="Payment"]');
  await expect(frame.getByRole('heading', { level: 1, name: 'Wheelchair rental' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('a site that is not listed cannot frame the payment page', async ({ page, baseURL }) => {
  const refused = refusals(page);
  await frameFrom(page, otherShop, `${baseURL ?? ''}${LINK}`);
  await expect.poll(() => refused.join('\n')).toContain(`frame-ancestors 'self' ${MERCHANT_ORIGIN}`);
  await expect(page.frameLocator('iframe[title="Payment"]').getByRole('heading', { level: 1 })).toHaveCount(0);
});

test('even a listed merchant cannot frame the other pages', async ({ page, baseURL }) => {
  const refused = refusals(page);
  await frameFrom(page, merchant, `${baseURL ?? ''}${payPath(1001)}`);
  await expect.poll(() => refused.join('\n')).toContain(`frame-ancestors 'self'"`);
  await expect(page.frameLocator('iframe[title="Payment"]').getByRole('heading', { level: 1 })).toHaveCount(0);
});
