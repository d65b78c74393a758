import type { Contact } from '../machines/vacuum/promotion';

/** A visitor who joined a machine's loyalty promotion (POST /api/menu/promotion/join). */
export interface Member {
  machine_id: string;
  kind: Contact['kind'];
  /** As the sign-up keeps it: a phone's digits (and a leading +), an e-mail in lower case. */
  contact: string;
  /** The visitor's session uuid that came with the first join, if any. */
  session_uuid: string | undefined;
  joined_at: string;
}

/** The members of each machine's promotion, one per contact: joining again changes nothing. */
export interface MemberStore {
  /** Records the contact unless it is a member already; answers whether it was. */
  join(member: Omit<Member, 'joined_at'>): { alreadyMember: boolean };
  list(): Member[];
  clear(): void;
}

export function createMemberStore(now: () => Date = () => new Date()): MemberStore {
  const members = new Map<string, Member>();
  return {
    join(member) {
      const key = JSON.stringify([member.machine_id, member.kind, member.contact]);
      if (members.has(key)) return { alreadyMember: true };
      members.set(key, { ...member, joined_at: now().toISOString() });
      return { alreadyMember: false };
    },
    list: () => [...members.values()],
    clear: () => members.clear(),
  };
}
