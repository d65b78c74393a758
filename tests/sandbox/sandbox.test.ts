import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARD_PROVIDERS, PRODUCT_VIEWS } from '../../machines/menu/menu.types';
import { createSandboxApp, type SandboxApp } from '../../sandbox/app';
import { CatalogueError, loadCatalogue } from '../../sandbox/catalogue';
import { menuCall, qrCode } from '../fixtures/machine-pages';

const cataloguePath = fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url));
const catalogue = loadCatalogue(cataloguePath);
const catalogueJson = JSON.parse(readFileSync(cataloguePath, 'utf8')) as {
  operator: unknown;
  machines: Record<string, unknown>;
};

const tempDir = () => mkdtempSync(join(tmpdir(), 'sandbox-test-'));

function setPurchase(app: SandboxApp, machineId: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(`/v4/api/menu/set_purchase?machine_id=${machineId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A session uuid as the machine's menu hands it out. */
async function menuSession(app: SandboxApp, machineId: string): Promise<string> {
  const response = await app.request(menuCall(machineId));
  return ((await response.json()) as { session_uuid: string }).session_uuid;
}

describe('default catalogue', () => {
  const menus = [...catalogue.values()].map((machine) => machine.menu);

  it('demonstrates every product view, card provider, an inactive machine and the wheelshare machine 15', () => {
    expect(new Set(menus.map((menu) => menu.product_view))).toEqual(new Set(PRODUCT_VIEWS));
    expect(new Set(menus.map((menu) => menu.frontend_config.credit_card?.type))).toEqual(new Set(CARD_PROVIDERS));
    expect(menus.some((menu) => !menu.is_active)).toBe(true);
    expect(catalogue.has('15')).toBe(true);
  });

  it('serves every product image it names', async () => {
    const app = createSandboxApp({ catalogue });
    const urls = menus.flatMap((menu) => menu.products.map((product) => product.image_url)).filter(Boolean);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect((await app.request(url)).status, url).toBe(200);
  });
});

describe('GET /v4/api/menu/get', () => {
  const app = createSandboxApp({ catalogue });

  it('answers the catalogue entry as written, with a fresh random session uuid on every call', async () => {
    const menuOf1001 = async () => {
      const response = await app.request(menuCall(1001));
      expect(response.status).toBe(200);
      return (await response.json()) as { session_uuid: string };
    };
    const first = await menuOf1001();
    const second = await menuOf1001();
    expect(first).toEqual({ ...(catalogueJson.machines['1001'] as object), session_uuid: first.session_uuid });
    expect(first.session_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.session_uuid).not.toBe(first.session_uuid);
    expect(app.visitors.knows(first.session_uuid)).toBe(true);
    expect(app.visitors.knows(second.session_uuid)).toBe(true);
  });

  it('answers 404 for an unknown machine and 400 without machine_id', async () => {
    const unknown = await app.request('/v4/api/menu/get?machine_id=424242');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'machine not found' });
    expect((await app.request('/v4/api/menu/get')).status).toBe(400);
  });
});

describe('GET /v4/api/menu/get: the QR sticker binds the page to its machine', () => {
  const app = createSandboxApp({ catalogue });
  const menuFor = (query: Record<string, string>) => app.request(`/v4/api/menu/get?${new URLSearchParams(query)}`);
  /** The same code with its last character changed. */
  const edited = (code: string) => `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;

  it('answers the machine its own code names, with its name, printed number and place, and never a code', async () => {
    const response = await menuFor({ machine_id: '1001', qr: qrCode(1001) });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      display_name: 'Lobby snacks',
      printed_number: 'VM-1001',
      location: 'Building A, ground floor',
    });
    for (const machineId of catalogue.keys()) expect(text).not.toContain(qrCode(machineId));
    const vacuum = await menuFor({ machine_id: '1008', qr: qrCode(1008) });
    expect(await vacuum.json()).toMatchObject({ display_name: 'Vacuum station', printed_number: 'VM-1008' });
  });

  it.each([
    ["another machine's code", { machine_id: '1001', qr: qrCode(1002) }],
    ['its code edited', { machine_id: '1001', qr: edited(qrCode(1001)) }],
    ['its code cut short', { machine_id: '1001', qr: qrCode(1001).slice(0, -1) }],
    ['its code with more after it', { machine_id: '1001', qr: `${qrCode(1001)}0` }],
    ['no code (a sticker that dropped it)', { machine_id: '1001' }],
    ['an empty code', { machine_id: '1001', qr: '' }],
    ['a payment link naming another machine', { machine_id: '1001', payment_link: 'machineId=1002&totalPrice=7.50' }],
  ])('answers %s as an unknown machine: 404 and no menu', async (_case, query) => {
    const refused = await menuFor(query);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ message: 'machine not found' });
  });

  it("answers a payment link's page with the menu of the machine the link names", async () => {
    const response = await menuFor({ machine_id: '1001', payment_link: 'machineId=1001&totalPrice=7.50&signature=ab' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ display_name: 'Lobby snacks', printed_number: 'VM-1001' });
  });

  it('binds every demo machine to a code of its own, and names each machine apart', () => {
    const menus = Object.values(catalogueJson.machines) as { display_name: string; printed_number: string }[];
    const codes = [...catalogue.keys()].map((machineId) => qrCode(machineId));
    expect(new Set(codes).size).toBe(catalogue.size);
    expect(new Set(menus.map((menu) => menu.display_name)).size).toBe(catalogue.size);
    expect(new Set(menus.map((menu) => menu.printed_number)).size).toBe(catalogue.size);
  });
});

describe('POST /v4/api/menu/set_purchase', () => {
  it('records the purchase priced as the app prices it, under the session_id it answers', async () => {
    const app = createSandboxApp({ catalogue });
    const visitor = await menuSession(app, '1005');
    const response = await setPurchase(app, '1005', [{ product_id: 501, count: 3 }], { 'session-uuid': visitor });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { session_id: string };
    const { session_id } = answer;
    expect(session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(app.purchases.get(session_id)).toMatchObject({
      machine_id: '1005',
      session_uuid: visitor,
      currency: 'ILS',
      totals: { subtotal: 13.5, fees: 1.5, total: 15 },
    });
    // The answer carries the operator's pricing, which the app shows and every wallet sheet asks for.
    expect(answer).toEqual({
      session_id,
      currency: 'ILS',
      lines: [{ product_id: 501, name: 'Laundry token', count: 3, unit_price: 4.5, unit_fee: 0.5, line_total: 15 }],
      subtotal: 13.5,
      fees: 1.5,
      total: 15,
    });
  });

  it('prices a percent fee, several products and a typed amount; reads the session uuid from the query too', async () => {
    const app = createSandboxApp({ catalogue });
    const totalOf = async (machineId: string, body: unknown, query = '') => {
      const response = await setPurchase(app, `${machineId}${query}`, body);
      const { session_id } = (await response.json()) as { session_id: string };
      return app.purchases.get(session_id);
    };
    expect((await totalOf('1001', [{ product_id: 101, count: 1 }]))?.totals.total).toBe(6.66); // 6.5 + 2.5 %
    const multi = [
      { product_id: 201, count: 2 },
      { product_id: '203', count: 1 },
    ];
    expect((await totalOf('1002', multi))?.totals).toEqual({ subtotal: 20, fees: 1.21, total: 21.21 });
    const visitor = await menuSession(app, '1006');
    const typed = await totalOf(
      '1006',
      [{ product_id: 601, count: 1, custom_price: 12.34 }],
      `&session_uuid=${visitor}`,
    );
    expect(typed).toMatchObject({ session_uuid: visitor, totals: { total: 12.34 } });
  });

  it('records a session uuid the operator never handed out as none; a purchase’s session id is recognised', async () => {
    const app = createSandboxApp({ catalogue });
    const book = async (session: string) => {
      const response = await setPurchase(app, '1005', [{ product_id: 501, count: 1 }], { 'session-uuid': session });
      expect(response.status).toBe(200);
      const { session_id } = (await response.json()) as { session_id: string };
      return app.purchases.get(session_id);
    };
    const madeUp = await book('5a4d0000-0000-4000-8000-000000001005');
    expect(madeUp?.session_uuid).toBeUndefined();
    // The app's second purchase carries the first purchase's session id, which the operator answered.
    const again = await book(madeUp?.session_id ?? '');
    expect(again?.session_uuid).toBe(madeUp?.session_id);
  });

  it('prices a span on a machine billed by the hour: hours × the hourly price, no service fee (requirements.md §5, §9)', async () => {
    const app = createSandboxApp({ catalogue });
    const totalOf = async (lines: unknown) => {
      const response = await app.request('/v4/api/menu/set_purchase?machine_id=1008', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(lines),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const { session_id: sessionId } = (await response.json()) as { session_id: string };
      return app.purchases.get(sessionId)?.totals;
    };
    // 1008's vacuum is ₪12 an hour, its vacuum with shampoo ₪18 (sandbox/catalogue.json)
    expect(await totalOf([{ product_id: 801, count: 1, minutes: 90 }])).toEqual({ subtotal: 18, fees: 0, total: 18 });
    expect(await totalOf([{ product_id: 802, count: 1, minutes: 120 }])).toEqual({ subtotal: 36, fees: 0, total: 36 });
    // 1008's minimum amount is ₪3.00: a quarter of an hour of the ₪12 vacuum.
    expect(await totalOf([{ product_id: 801, count: 1, minutes: 15 }])).toEqual({ subtotal: 3, fees: 0, total: 3 });
  });

  it.each([
    ['an unknown product', '1001', [{ product_id: 999, count: 1 }], /product 999 is not on this machine/],
    ['an unavailable product', '1001', [{ product_id: 103, count: 1 }], /product 103 is not available/],
    ['a count of 0', '1005', [{ product_id: 501, count: 0 }], /count must be at least 1/],
    ['a count above 99', '1005', [{ product_id: 501, count: 100 }], /count must be at most 99/],
    ['a fractional count', '1005', [{ product_id: 501, count: 1.5 }], /count must be a whole number/],
    ['no lines', '1005', [], /at least one product/],
    ['a body that is not JSON', '1005', '{oops', /not JSON/],
    [
      'two products where one is allowed',
      '1001',
      [
        { product_id: 101, count: 1 },
        { product_id: 102, count: 1 },
      ],
      /one product/,
    ],
    [
      'the same product twice',
      '1002',
      [
        { product_id: 201, count: 1 },
        { product_id: 201, count: 1 },
      ],
      /more than once/,
    ],
    // The operator prices every product (design.md §10): a price from the browser only where the visitor types one.
    [
      'custom_price off a price-input machine',
      '1001',
      [{ product_id: 101, count: 1, custom_price: 0.01 }],
      /custom_price is taken only on a price-input machine/,
    ],
    ['custom_price on an hourly machine', '1008', [{ product_id: 801, count: 1, custom_price: 0.01 }], /price-input/],
    ['minutes off an hourly machine', '1001', [{ product_id: 101, count: 1, minutes: 1 }], /billed by the hour/],
    ['minutes on a price-input machine', '1006', [{ product_id: 601, count: 1, minutes: 60 }], /billed by the hour/],
    ['minutes of 0', '1008', [{ product_id: 801, count: 1, minutes: 0 }], /minutes must be at least 1/],
    ['more minutes than a day', '1008', [{ product_id: 801, count: 1, minutes: 1441 }], /minutes must be at most 1440/],
    ['fractional minutes', '1008', [{ product_id: 801, count: 1, minutes: 1.5 }], /minutes must be a whole number/],
    ['minutes for more than one item', '1008', [{ product_id: 801, count: 2, minutes: 60 }], /single item/],
    ['no custom_price on a price-input machine', '1006', [{ product_id: 601, count: 1 }], /custom_price is required/],
    ['custom_price with 3 decimals', '1006', [{ product_id: 601, count: 1, custom_price: 1.234 }], /2 decimals/],
    ['custom_price of 0', '1006', [{ product_id: 601, count: 1, custom_price: 0 }], /above 0/],
    // Card testing books a few cents: each machine's menu names the smallest total the operator takes.
    [
      'a typed amount below the machine’s minimum (₪1.00)',
      '1006',
      [{ product_id: 601, count: 1, custom_price: 0.99 }],
      /the total 0.99 is below this machine's minimum amount 1$/,
    ],
    [
      'a span of the vacuum below its minimum (₪3.00, a quarter of an hour)',
      '1008',
      [{ product_id: 801, count: 1, minutes: 14 }],
      /the total 2.8 is below this machine's minimum amount 3$/,
    ],
    ['custom_price of 11 digits', '1006', [{ product_id: 601, count: 1, custom_price: 123456789.01 }], /10 digits/],
  ])('rejects %s with 400', async (_case, machineId, body, message) => {
    const app = createSandboxApp({ catalogue });
    const response = await setPurchase(app, machineId, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
    expect(app.purchases.size).toBe(0);
  });

  it('answers 409 for an inactive machine and 404 for an unknown one', async () => {
    const app = createSandboxApp({ catalogue });
    const inactive = await setPurchase(app, '1007', [{ product_id: 701, count: 1 }]);
    expect(inactive.status).toBe(409);
    expect(await inactive.json()).toEqual({ message: 'machine not active' });
    expect((await setPurchase(app, '424242', [{ product_id: 1, count: 1 }])).status).toBe(404);
  });
});

describe('/sandbox tools', () => {
  it('lists recorded charges; reset clears charges and purchases', async () => {
    const app = createSandboxApp({ catalogue });
    expect(await (await app.request('/sandbox/charges')).json()).toEqual([]);
    await setPurchase(app, '1005', [{ product_id: 501, count: 1 }]);
    const charge = app.charges.recordCharge({
      machine_id: '1005',
      session_id: 's',
      method: 'google_pay',
      reference: 'wallet_1',
      amount: 5,
      currency: 'ILS',
      status: 'approved',
    });
    expect(await (await app.request('/sandbox/charges')).json()).toEqual([charge]);

    expect((await app.request('/sandbox/reset', { method: 'POST' })).status).toBe(204);
    expect(await (await app.request('/sandbox/charges')).json()).toEqual([]);
    expect(app.purchases.size).toBe(0);
  });

  it('serves no provider stand-in on the app’s origin: they live on their own, as the real providers do', async () => {
    const app = createSandboxApp({ catalogue });
    for (const path of [
      '/sandbox/sdk/google-pay.js',
      '/sandbox/tranzila/field?name=cvv&parent_origin=http%3A%2F%2Flocalhost',
      '/sandbox/sdk/stripe.js',
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
      expect((await app.providers.request(path)).status, path).toBe(200);
    }
    // ... and the operator's API is not on the providers' origin.
    expect((await app.providers.request(menuCall(1001))).status).toBe(404);
  });

  it('draws placeholder SVG images', async () => {
    const app = createSandboxApp({ catalogue });
    const response = await app.request('/sandbox/images/cola.svg');
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg .*>cola<\/text><\/svg>$/);
  });
});

describe('serving the built app', () => {
  const distDir = tempDir();
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>pay</title>');
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'export {};');
  const app = createSandboxApp({ catalogue, distDir });

  it('answers client routes with index.html, not cached', async () => {
    for (const path of ['/', '/pay?machine_id=1001', '/vacuum']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<title>pay</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and keeps 404s for missing assets and API paths', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('export {};');
    expect((await app.request('/assets/missing.js')).status).toBe(404);
    expect((await app.request('/v4/api/unknown')).status).toBe(404);
    expect((await app.request('/sandbox/unknown')).status).toBe(404);
  });
});

describe('loadCatalogue errors', () => {
  const write = (content: string) => {
    const path = join(tempDir(), 'catalogue.json');
    writeFileSync(path, content);
    return path;
  };
  const errorOf = (path: string) => {
    try {
      loadCatalogue(path);
    } catch (error) {
      return error;
    }
    throw new Error('loadCatalogue accepted the file');
  };

  it('names the file and the bad field', () => {
    const menu = catalogueJson.machines['1001'] as { products: Record<string, unknown>[] };
    const bad = { ...menu, products: [{ ...menu.products[0], price: true }] };
    const path = write(JSON.stringify({ operator: catalogueJson.operator, machines: { '1001': bad } }));
    const error = errorOf(path);
    expect(error).toBeInstanceOf(CatalogueError);
    expect((error as Error).message).toMatch(`sandbox catalogue ${path}: machines.1001.products.0.price: Invalid type`);
  });

  it.each([
    ['invalid JSON', '{"machines": ', /invalid JSON/],
    ['no machines object', JSON.stringify({ operator: catalogueJson.operator, menus: {} }), /: machines: Invalid key/],
    ['no operator settings', '{"machines": {}}', /: operator: Invalid key/],
    [
      'a payment-link key too short to sign with',
      JSON.stringify({ operator: { payment_link_key: 'short' }, machines: {} }),
      /operator\.payment_link_key: must be at least 16 characters/,
    ],
    [
      'a machine without its QR code',
      JSON.stringify({
        operator: { ...(catalogueJson.operator as object), qr_codes: {} },
        machines: { '7': { is_active: true, products: [{ id: 1, name: 'a', price: 1 }] } },
      }),
      /operator\.qr_codes: machine 7 has no QR code/,
    ],
    [
      'a duplicate product id',
      JSON.stringify({
        operator: catalogueJson.operator,
        machines: {
          '7': {
            is_active: true,
            products: [
              { id: 1, name: 'a', price: 1 },
              { id: 1, name: 'b', price: 2 },
            ],
          },
        },
      }),
      /machines\.7\.products\.1\.id: duplicate product id 1/,
    ],
  ])('rejects %s, naming the file', (_case, content, message) => {
    const path = write(content);
    const error = errorOf(path);
    expect(error).toBeInstanceOf(CatalogueError);
    expect((error as Error).message).toContain(`sandbox catalogue ${path}: `);
    expect((error as Error).message).toMatch(message);
  });
});
