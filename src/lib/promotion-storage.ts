import type { Contact } from '../../machines/vacuum/promotion';
import { localStore } from './local-store';

const KEY = 'promotion_member';

/**
 * The vacuum's loyalty sign-up. The specification names no call for it (§7), so the membership is kept
 * on this device until the operator offers one; a member is not offered the promotion again.
 */
export const promotionStorage = {
  join(contact: Contact): void {
    localStore.setItem(KEY, JSON.stringify(contact));
  },
  isMember: (): boolean => localStore.getItem(KEY) !== null,
};
