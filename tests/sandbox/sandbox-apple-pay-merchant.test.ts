/**
 * Apple Pay merchant validation is no open relay: the operator asks for a merchant session only on
 * the hosts Apple lists, so a validationURL the page sends cannot point the backend anywhere else
 * (SSRF). Every exchange is held to contract/operator-api.yaml, which states the same rule.
 *
 * The hosts are written out here, not imported, so the test checks the list instead of repeating it.
 * Apple, "Setting Up Your Server" (Apple Pay on the Web), "Allow Apple Pay IP addresses":
 * https://developer.apple.com/documentation/applepayontheweb/setting-up-your-server
 */
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../sandbox/app';
import { loadCatalogue } from '../../sandbox/catalogue';
import { ContractError, loadContract, type ContractChecker } from '../fixtures/contract';
import { newPurchase } from '../fixtures/sandbox-calls';

const catalogue = loadCatalogue(fileURLToPath(new URL('../../sandbox/catalogue.json', import.meta.url)));
const CALL = 'http://sandbox.test/v4/api/payment/pre/apple_pay/validate_merchant';

const APPLE_HOSTS = [
  // Production, global and China.
  'apple-pay-gateway.apple.com',
  'cn-apple-pay-gateway.apple.com',
  // The regional pods the production names stand for.
  ...[1, 2, 3, 4, 5].flatMap((pod) => [
    `apple-pay-gateway-nc-pod${pod}.apple.com`,
    `apple-pay-gateway-pr-pod${pod}.apple.com`,
  ]),
  ...[1, 2, 3].flatMap((pod) => [
    `cn-apple-pay-gateway-sh-pod${pod}.apple.com`,
    `cn-apple-pay-gateway-tj-pod${pod}.apple.com`,
  ]),
  // Sandbox testing, global and China.
  'apple-pay-gateway-cert.apple.com',
  'cn-apple-pay-gateway-cert.apple.com',
];

const REFUSED: [string, string][] = [
  ['http', 'http://apple-pay-gateway.apple.com/paymentservices/startSession'],
  ['another host', 'https://evil.test/paymentservices/startSession'],
  [
    'a look-alike host ending in .evil.test',
    'https://apple-pay-gateway.apple.com.evil.test/paymentservices/startSession',
  ],
  ['a look-alike host ending in a dot', 'https://apple-pay-gateway.apple.com./paymentservices/startSession'],
  ['a look-alike host ending in apple.com', 'https://apple-pay-gateway.apple.com-evil.apple.com/startSession'],
  ['a bare apple.com', 'https://apple.com/paymentservices/startSession'],
  ['a subdomain of an Apple host', 'https://evil.apple-pay-gateway.apple.com/paymentservices/startSession'],
  ['Apple’s host in the path of another', 'https://evil.test/apple-pay-gateway.apple.com'],
  ['Apple’s host in the query of another', 'https://evil.test/?host=apple-pay-gateway.apple.com'],
  ['userinfo before another host', 'https://apple-pay-gateway.apple.com@evil.test/paymentservices/startSession'],
  ['userinfo before Apple’s host', 'https://user@apple-pay-gateway.apple.com/paymentservices/startSession'],
  ['a password before Apple’s host', 'https://user:secret@apple-pay-gateway.apple.com/paymentservices/startSession'],
  ['an IPv4 address', 'https://17.171.78.7/paymentservices/startSession'],
  ['a metadata IP address', 'https://169.254.169.254/latest/meta-data/'],
  ['an IPv6 address', 'https://[::1]/paymentservices/startSession'],
  ['localhost', 'https://localhost/paymentservices/startSession'],
  ['a port', 'https://apple-pay-gateway.apple.com:8443/paymentservices/startSession'],
  ['port 80 on https', 'https://apple-pay-gateway-cert.apple.com:80/paymentservices/startSession'],
  ['another scheme', 'file:///etc/passwd'],
  // Read as Apple's host by a URL parser, as another by clients that parse otherwise: refused as written.
  ['a backslash before userinfo', 'https://apple-pay-gateway.apple.com\\@evil.test/paymentservices/startSession'],
  ['upper case', 'https://APPLE-PAY-GATEWAY.apple.com/paymentservices/startSession'],
  ['a leading space', ' https://apple-pay-gateway.apple.com/paymentservices/startSession'],
];

let contract: ContractChecker;
beforeAll(async () => {
  contract = await loadContract();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The call as the app makes it, under a booked purchase's session, through the in-process sandbox. */
async function validate(validationURL: string, session?: string) {
  const app = createSandboxApp({ catalogue });
  const booked = session ?? (await newPurchase(app));
  const request = new Request(CALL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'session-uuid': booked },
    body: JSON.stringify({ validationURL }),
  });
  const response = await app.fetch(request.clone());
  return { request, response, body: (await response.clone().json()) as Record<string, unknown> };
}

describe('POST /v4/api/payment/pre/apple_pay/validate_merchant on Apple’s hosts only', () => {
  it.each(APPLE_HOSTS)('answers a merchant session for https://%s', async (host) => {
    const { request, response, body } = await validate(`https://${host}/paymentservices/startSession`);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ domainName: 'sandbox.test' });
    await contract.check(request, response);
  });

  it.each([
    ['https’s own port written out', 'https://apple-pay-gateway-cert.apple.com:443/paymentservices/startSession'],
    ['another path', 'https://apple-pay-gateway.apple.com/paymentservices/paymentSession'],
    ['no path', 'https://cn-apple-pay-gateway.apple.com'],
  ])('accepts %s on Apple’s host', async (_case, url) => {
    const { request, response } = await validate(url);
    expect(response.status).toBe(200);
    await contract.check(request, response);
  });

  it.each(REFUSED)('refuses %s (400, a message naming validationURL, nothing fetched)', async (_case, url) => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    const { request, response, body } = await validate(url);
    expect(response.status).toBe(400);
    expect(body.message).toMatch(/^validationURL/);
    expect(body).not.toHaveProperty('merchantSessionIdentifier');
    expect(fetched).not.toHaveBeenCalled();
    // The contract says so too: such a body is not a request the operator serves.
    const error: unknown = await contract.check(request, response).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toMatch(/request body.*\/validationURL must match pattern/);
  });

  it('answers only under a booked purchase’s session (400 otherwise), calling nothing', async () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    const { response, body } = await validate('https://apple-pay-gateway.apple.com/paymentservices/startSession', 'x');
    expect(response.status).toBe(400);
    expect(body.message).toMatch(/unknown session/);
    expect(fetched).not.toHaveBeenCalled();
  });

  it('says what is wrong: the scheme, the credentials, the port or the host', async () => {
    const message = async (url: string) => String((await validate(url)).body.message);
    expect(await message('http://apple-pay-gateway.apple.com/x')).toMatch(/https/);
    expect(await message('https://user@apple-pay-gateway.apple.com/x')).toMatch(/user name or password/);
    expect(await message('https://apple-pay-gateway.apple.com:8443/x')).toMatch(/port/);
    expect(await message('https://apple-pay-gateway.apple.com.evil.test/x')).toMatch(
      /apple-pay-gateway\.apple\.com\.evil\.test is not one of Apple Pay’s merchant validation hosts/,
    );
    expect(await message('https://apple-pay-gateway.apple.com\\@evil.test/x')).toMatch(/written plainly/);
    expect(await message('apple')).toMatch(/not a URL/);
  });
});
