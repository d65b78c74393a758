import { describe, expect, it } from 'vitest';
import { nextTask } from '../../src/lib/next-task';

describe('nextTask', () => {
  it('resolves in a later task, after the tasks queued before it', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('task queued before'), 0);
    queueMicrotask(() => order.push('microtask'));
    await nextTask();
    order.push('after nextTask');
    expect(order).toEqual(['microtask', 'task queued before', 'after nextTask']);
  });

  it('does not resolve within the current task', async () => {
    let resolved = false;
    void nextTask().then(() => (resolved = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(resolved).toBe(false);
  });
});
