/**
 * The demo machines' controllers: each machine is a small simulated controller the operator wakes before a
 * purchase is booked and tells to deliver once it is paid (docs/sandbox.md "The machines"). No machine
 * maker's protocol is public enough to copy; this is the strictest reasonable behaviour: a machine that
 * does not answer is never assumed to have answered, and it reports what it delivered, item by item.
 *
 * What a machine does is chosen per purchase by a machine fault, armed like the API's faults (faults.ts):
 * - `offline`: it never answers the wake (the operator gives up after its bound);
 * - `slow-answer`: it answers the wake late, within the operator's bound;
 * - `vend-fails`: it answers, then delivers nothing;
 * - `vend-partial`: it answers, then delivers all but the last item;
 * - none: it answers at once and delivers everything.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ItemCount } from '../stores';

export const MACHINE_FAULTS = ['offline', 'slow-answer', 'vend-fails', 'vend-partial'] as const;
export type MachineFault = (typeof MACHINE_FAULTS)[number];

/** Set on set_purchase (a test adds it to its own page's requests): what this purchase's machine does. */
export const MACHINE_FAULT_HEADER = 'x-sandbox-machine-fault';

export const isMachineFault = (value: string | undefined): value is MachineFault =>
  (MACHINE_FAULTS as readonly string[]).includes(value ?? '');

export interface MachineTimings {
  /** How late a `slow-answer` machine answers the wake. */
  slowAnswerMs: number;
  /** How long a vend (or a start) takes before the machine reports it. */
  deliveryMs: number;
}

export interface MachineControllers {
  /**
   * Wakes the machine for a purchase, which then behaves as `fault` says: resolves once it answers. An
   * `offline` machine never does; the `signal` (the operator's bound) ends the wait, and the promise rejects.
   */
  wake(sessionId: string, fault: MachineFault | undefined, signal: AbortSignal): Promise<void>;
  /** Tells the purchase's machine to deliver the items; it reports what came out after its delivery time. */
  deliver(sessionId: string, items: readonly ItemCount[], report: (delivered: ItemCount[]) => void): void;
  clear(): void;
}

/** What the machine delivers of the items: everything, nothing, or all but the last one. */
export function deliveredBy(fault: MachineFault | undefined, items: readonly ItemCount[]): ItemCount[] {
  if (fault === 'vend-fails') return [];
  if (fault !== 'vend-partial') return items.map((item) => ({ ...item }));
  const last = items.length - 1;
  return items.flatMap((item, index) =>
    index < last ? [{ ...item }] : item.count > 1 ? [{ ...item, count: item.count - 1 }] : [],
  );
}

export function createMachineControllers({ slowAnswerMs, deliveryMs }: MachineTimings): MachineControllers {
  /** What each purchase's machine was set to do when it was woken. */
  const faults = new Map<string, MachineFault | undefined>();
  return {
    async wake(sessionId, fault, signal) {
      faults.set(sessionId, fault);
      if (fault === 'offline') await sleep(2 ** 31 - 1, undefined, { signal });
      else if (fault === 'slow-answer') await sleep(slowAnswerMs, undefined, { signal });
      signal.throwIfAborted();
    },
    deliver(sessionId, items, report) {
      const fault = faults.get(sessionId);
      setTimeout(() => report(deliveredBy(fault, items)), deliveryMs).unref();
    },
    clear: () => faults.clear(),
  };
}
