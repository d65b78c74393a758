import { randomUUID } from 'node:crypto';

/** How long a menu's session uuid is recognised: a visit, generously (as long as idempotency keys are kept). */
export const VISITOR_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The session uuids the operator's menu handed out (the contract's `Menu.session_uuid`): a fresh random one
 * on every menu answer, so no two visitors share the credential. Only these, and the purchases' own
 * session ids, are recognised on later calls; any other is treated as no session at all.
 */
export interface VisitorSessions {
  /** A new session uuid, recorded as issued now. */
  issue(): string;
  /** Whether this operator issued the session uuid and it is still within its lifetime. */
  knows(sessionUuid: string): boolean;
  clear(): void;
}

export function createVisitorSessions(now: () => number = Date.now): VisitorSessions {
  const issuedAt = new Map<string, number>();
  const forgetOld = () => {
    // A Map iterates in insertion order, so the oldest come first.
    for (const [uuid, at] of issuedAt) {
      if (now() - at < VISITOR_SESSION_LIFETIME_MS) break;
      issuedAt.delete(uuid);
    }
  };
  return {
    issue() {
      forgetOld();
      const uuid = randomUUID();
      issuedAt.set(uuid, now());
      return uuid;
    },
    knows(sessionUuid) {
      forgetOld();
      return issuedAt.has(sessionUuid);
    },
    clear: () => issuedAt.clear(),
  };
}
