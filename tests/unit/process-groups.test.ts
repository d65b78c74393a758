import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { interruptGroup } from '../../scripts/process-groups.mjs';

/**
 * A child in a process group of its own that starts a second process in that group, writes both pids, and runs
 * until stopped. `onInterrupt`: what each does on SIGINT ('exit' or 'ignore').
 */
async function group(onInterrupt: 'exit' | 'ignore') {
  const handler = onInterrupt === 'exit' ? 'process.exit(0)' : '{}';
  const stay = `process.on('SIGINT', () => ${handler}); setInterval(() => {}, 1000);`;
  // Each says its pid once its handler is in place: a signal before that would end it whatever the handler.
  const second = `${stay} console.log(process.pid);`;
  const leader = `${stay}
    const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(second)}], { stdio: ['ignore', 'pipe', 'inherit'] });
    c.stdout.once('data', (pid) => console.log(process.pid + ' ' + String(pid).trim()));`;
  const child = spawn(process.execPath, ['-e', leader], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  const pids = await new Promise<number[]>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(String(chunk).trim().split(' ').map(Number))),
  );
  return { child, pids };
}

/** Whether a process runs: one that has ended but not been reaped (a zombie: its parent ended first) does not. */
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/^\d+ \(.*\) Z /.test(stat);
};

describe('scripts/process-groups.mjs interruptGroup', () => {
  it('interrupts the whole group (SIGINT, as Ctrl-C), so each process ends as it chooses', async () => {
    const { child, pids } = await group('exit');
    await interruptGroup(child, 10_000);
    expect({ code: child.exitCode, signal: child.signalCode }).toEqual({ code: 0, signal: null });
    await expect.poll(() => pids.filter(isRunning)).toEqual([]);
  });

  it('kills a group that is still running after the grace period', async () => {
    const { child, pids } = await group('ignore');
    const began = Date.now();
    await interruptGroup(child, 300);
    expect(Date.now() - began).toBeGreaterThanOrEqual(300);
    expect(child.signalCode).toBe('SIGKILL');
    await expect.poll(() => pids.filter(isRunning)).toEqual([]);
  });
});
