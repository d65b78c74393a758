/**
 * Where an operator may ask Apple for a merchant session. The validationURL comes from the page, so
 * the backend that follows it blindly is an open relay (SSRF); Apple says to call only its own hosts:
 * "Use a strict allow list for Apple IP addresses and domains provided in Listing 1. Do not allow your
 * server to access any other IP addresses or domains." (Apple, "Setting Up Your Server",
 * https://developer.apple.com/documentation/applepayontheweb/setting-up-your-server).
 */

/**
 * Listing 1 (production) and Listing 2 (sandbox testing) of that page. The regional pods come from its
 * earlier edition, which named each host behind the production names (nc-pod1…5 at 17.171.78.7 …
 * 17.171.79.12, addresses the current Listing 1 still gives apple-pay-gateway.apple.com).
 */
const APPLE_PAY_GATEWAYS: ReadonlySet<string> = new Set([
  'apple-pay-gateway.apple.com',
  'cn-apple-pay-gateway.apple.com',
  ...[1, 2, 3, 4, 5].flatMap((pod) => [
    `apple-pay-gateway-nc-pod${pod}.apple.com`,
    `apple-pay-gateway-pr-pod${pod}.apple.com`,
  ]),
  ...[1, 2, 3].flatMap((pod) => [
    `cn-apple-pay-gateway-sh-pod${pod}.apple.com`,
    `cn-apple-pay-gateway-tj-pod${pod}.apple.com`,
  ]),
  'apple-pay-gateway-cert.apple.com',
  'cn-apple-pay-gateway-cert.apple.com',
]);

/**
 * The address as written, not only as a URL parser reads it: an HTTP client that parses otherwise
 * (`https://apple-pay-gateway.apple.com\@evil.test`, a tab, upper case) must not reach another host.
 * contract/operator-api.yaml gives the operator the same pattern.
 */
const PLAIN = new RegExp(
  `^https://(?:${[...APPLE_PAY_GATEWAYS].map((host) => host.replaceAll('.', '\\.')).join('|')})(?::443)?(?:[/?#]|$)`,
);

/**
 * What is wrong with a validationURL the operator is asked to call, or undefined when it is an https
 * address on one of Apple's hosts: no user name or password, no port but https's own, the host exactly
 * (a look-alike such as apple-pay-gateway.apple.com.evil.test is another host), not an IP address.
 */
export function validationUrlProblem(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:') return 'must be https';
  if (url.username || url.password) return 'must carry no user name or password';
  if (url.port) return `must use https's own port (443), not ${url.port}`;
  if (!APPLE_PAY_GATEWAYS.has(url.hostname))
    return `host ${url.hostname} is not one of Apple Pay’s merchant validation hosts`;
  if (!PLAIN.test(address)) return `must be written plainly, as Apple sends it (https://${url.hostname}/…)`;
  return undefined;
}
