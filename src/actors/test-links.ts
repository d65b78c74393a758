import { fromPromise } from 'xstate';
import { testLinksMachine } from '../../machines/info/test-links.machine';
import type { ApiClient } from '../api/client';
import { signLinkQuery } from '../api/sign-link';

/** /test's chart with its real effect: the sandbox signs each link's query (on the page's origin). */
export function provideTestLinks(api: ApiClient, origin: string) {
  const signed = async (link: string) => {
    const url = new URL(link);
    url.search = await signLinkQuery(api, origin, url.search.slice(1));
    return url.href;
  };
  return testLinksMachine.provide({
    actors: {
      signLinks: fromPromise(async ({ input }) => {
        const [customPaymentIframe, genPaymentIntend] = await Promise.all([
          signed(input.customPaymentIframe),
          signed(input.genPaymentIntend),
        ]);
        return { customPaymentIframe, genPaymentIntend };
      }),
    },
  });
}
