/**
 * The operator's side of product in hand (docs/payments.md "From payment to product in hand"): the machine
 * is woken before a purchase is booked, and once it is paid the money taken follows what it delivered.
 */
import { HTTPException } from 'hono/http-exception';
import { roundToCents, type PricedLine } from '../../machines/shared/pricing';
import type { CatalogueMachine } from '../catalogue';
import type { MachineControllers, MachineFault } from '../standins/machine-controller';
import type { DeliveryPlan, ItemCount, Purchase } from '../stores';

/**
 * How long the operator waits for a woken machine to answer: below the app's 15 s client time-out, so
 * the visitor hears "not responding" from the operator rather than a time-out.
 */
export const MACHINE_ANSWER_LIMIT_MS = 8000;

/** set_purchase's 504 when the machine did not answer in time: nothing was booked. */
export const MACHINE_NOT_RESPONDING = {
  code: 'machine_not_responding',
  message: 'This machine is not responding: nothing was booked.',
} as const;

/** What a set_purchase machine delivers: the hourly vacuum starts, a vending machine vends the lines. */
export const planOf = (machine: CatalogueMachine, lines: readonly PricedLine[]): DeliveryPlan => ({
  kind: machine.billing === 'hourly' ? 'start' : 'vend',
  ordered: lines.map((line) => ({ productId: String(line.product.id), count: line.count })),
});

/**
 * Wakes the purchase's machine and waits for its answer, at most `limitMs`; 504 `machine_not_responding`
 * when none came.
 */
export async function wakeMachine(
  machines: MachineControllers,
  sessionId: string,
  fault: MachineFault | undefined,
  limitMs: number,
): Promise<void> {
  try {
    await machines.wake(sessionId, fault, AbortSignal.timeout(limitMs));
  } catch {
    throw new HTTPException(504, { res: Response.json(MACHINE_NOT_RESPONDING, { status: 504 }) });
  }
}

/** What the delivered items cost, fees included: what the operator keeps of the payment. */
export function deliveredSum(purchase: Purchase, delivered: readonly ItemCount[]): number {
  const sum = purchase.lines.reduce((total, line) => {
    const came = delivered.find((item) => item.productId === String(line.product.id));
    return total + line.unitTotal * Math.min(came?.count ?? 0, line.count);
  }, 0);
  return roundToCents(sum);
}
