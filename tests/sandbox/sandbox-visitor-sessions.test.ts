/** The menu's session uuids (sandbox/visitor-sessions.ts): fresh each time, recognised for 24 hours. */
import { describe, expect, it } from 'vitest';
import { createVisitorSessions } from '../../sandbox/visitor-sessions';

const HOUR_MS = 60 * 60 * 1000;

describe('visitor sessions', () => {
  it('hands out a different uuid each time and recognises only those', () => {
    const sessions = createVisitorSessions(() => 0);
    const first = sessions.issue();
    const second = sessions.issue();
    expect(second).not.toBe(first);
    expect(sessions.knows(first)).toBe(true);
    expect(sessions.knows(second)).toBe(true);
    expect(sessions.knows('5a4d0000-0000-4000-8000-000000001001')).toBe(false);
  });

  it('forgets a session uuid 24 hours after it was handed out', () => {
    let now = 0;
    const sessions = createVisitorSessions(() => now);
    const early = sessions.issue();
    now = 23 * HOUR_MS;
    const later = sessions.issue();
    now = 24 * HOUR_MS - 1;
    expect(sessions.knows(early)).toBe(true);
    now = 24 * HOUR_MS;
    expect(sessions.knows(early)).toBe(false);
    expect(sessions.knows(later)).toBe(true);
  });
});
