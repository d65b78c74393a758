import type { Contact } from '../../machines/vacuum/promotion';
import { localStore } from './local-store';

const KEY = 'promotion_member';

/**
 * This device joined the vacuum's loyalty promotion: the operator holds the contact (POST
 * /api/menu/promotion/join answered), and it is remembered here only so that a member is not offered the
 * promotion again.
 */
export const promotionStorage = {
  /**
   * Remembers the membership the operator accepted. A full or denied storage changes nothing that
   * matters: the operator holds the contact, and a later offer on this device joins again harmlessly.
   */
  join(contact: Contact): void {
    try {
      localStore.setItem(KEY, JSON.stringify(contact));
    } catch {
      // Not remembered on this device; see above.
    }
  },
  isMember: (): boolean => localStore.getItem(KEY) !== null,
};
