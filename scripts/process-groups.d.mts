import type { ChildProcess } from 'node:child_process';

/** scripts/process-groups.mjs (plain JavaScript: `npm test` runs it before anything is compiled). */
export function interruptGroup(child: ChildProcess, graceMs: number): Promise<unknown>;
