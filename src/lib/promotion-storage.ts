import type { Contact } from '../../machines/vacuum/promotion';

const KEY = 'promotion_member';

/**
 * The vacuum's loyalty sign-up. The specification names no call for it (§7), so the membership is kept
 * on this device until the operator offers one; a member is not offered the promotion again.
 */
export const promotionStorage = {
  join(contact: Contact): void {
    localStorage.setItem(KEY, JSON.stringify(contact));
  },
  isMember: (): boolean => localStorage.getItem(KEY) !== null,
};
