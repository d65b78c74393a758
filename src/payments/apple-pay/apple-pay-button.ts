import { PROVIDER_URLS } from '../../config';
import { loadScript } from '../load-script';

/**
 * Loads Apple's JS SDK, which draws <apple-pay-button> (Apple's brand rules allow no button of our
 * own). Part of Apple Pay's preparation: nothing may load between the tap and the session.
 */
export function loadApplePayButton(): Promise<void> {
  return loadScript(PROVIDER_URLS.applePayButtonSdk);
}
