/**
 * Fault injection for the /v4/api calls (design.md §10.1): a test arms a fault for one call, by a request
 * header or through /sandbox/faults, and the sandbox answers that call with it instead of its contract.
 *
 * - `x-sandbox-fault: <fault>` on a request: that request gets the fault.
 * - `POST /sandbox/faults {call, fault, times?, delayMs?}`: the next `times` calls (default: every call
 *   until cleared) to `call` ('menu/get', 'api/menu/get' or '/v4/api/menu/get') get the fault.
 * - `GET /sandbox/faults` lists the armed faults; `DELETE /sandbox/faults` clears them.
 *
 * A machine fault (standins/machine-controller.ts) is armed the same ways for the purchases booked on a
 * machine: `x-sandbox-machine-fault: <fault>` on set_purchase, or `{call: 'machine/1001', fault: 'vend-fails'}`.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { parseOrFail } from './api/shared';
import { isMachineFault, MACHINE_FAULTS, type MachineFault } from './standins/machine-controller';

export const FAULTS = [
  'network',
  'timeout',
  '404',
  '500',
  'malformed-json',
  'schema-invalid',
  'empty-body',
  'slow',
] as const;
export type Fault = (typeof FAULTS)[number];

export const FAULT_HEADER = 'x-sandbox-fault';
const API_PREFIX = '/v4/api/';
const CONTROL_PATH = '/sandbox/faults';

export interface FaultOptions {
  /** How long a 'timeout' call is held before it gives up (longer than the app's 15 s client timeout). */
  holdMs?: number;
  /** How long a 'slow' call waits before its real answer (shorter than the app's timeout). */
  slowMs?: number;
}

export interface ArmedFault {
  /** The call, as its path after /v4/api/ (e.g. 'menu/get'). */
  call: string;
  fault: Fault | MachineFault;
  /** How many more calls get it; undefined: every call until cleared. */
  times?: number | undefined;
  /** For 'slow' and 'timeout': this call's delay instead of the sandbox's. */
  delayMs?: number | undefined;
}

/** A machine's purchases are named `machine/<machine_id>`. */
const MACHINE_CALL = /^machine\/[^/]+$/;

const armSchema = v.pipe(
  v.object({
    call: v.pipe(v.string(), v.nonEmpty()),
    fault: v.picklist([...FAULTS, ...MACHINE_FAULTS]),
    times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    delayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  }),
  v.check(
    ({ call, fault }) => MACHINE_CALL.test(callOf(call)) === isMachineFault(fault),
    `a machine (call "machine/<machine_id>") takes ${MACHINE_FAULTS.join(', ')}; a call takes ${FAULTS.join(', ')}`,
  ),
);

/** 'menu/get', 'api/menu/get' and '/v4/api/menu/get' all name the same call. */
export const callOf = (path: string) => path.replace(/^\/+/, '').replace(/^(?:v4\/)?api\//, '');

const isFault = (value: string | undefined): value is Fault => (FAULTS as readonly string[]).includes(value ?? '');

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The Node request behind the Hono request when @hono/node-server serves it; absent in-process. */
const incomingOf = (c: Context): IncomingMessage | undefined =>
  (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

/** A 200 whose body fails while it is read: what a dropped connection looks like to an in-process fetch. */
const brokenBody = () =>
  new Response(
    new ReadableStream({
      start: (controller) => controller.error(new TypeError('sandbox fault: the connection was dropped')),
    }),
    { headers: { 'content-type': 'application/json' } },
  );

const JSON_TYPE = { 'content-type': 'application/json' };

/** The answer a fault gives, or undefined when the call goes on to its route (after the delay of 'slow'). */
async function answerWith(fault: Fault, c: Context, { holdMs, slowMs }: Required<FaultOptions>) {
  switch (fault) {
    case 'network': {
      const incoming = incomingOf(c);
      if (!incoming) return brokenBody();
      incoming.socket.destroy();
      return new Response(null, { status: 499 });
    }
    case 'timeout':
      // Held until the app gives up (its abort ends the wait) or holdMs passes.
      await sleep(holdMs, c.req.raw.signal);
      return new Response('sandbox fault: gave up', { status: 504 });
    case '404':
    case '500':
      // A proxy's or a crashed server's page, not the operator's JSON: the app has no message to show.
      return new Response(`sandbox fault: ${fault}`, {
        status: Number(fault),
        headers: { 'content-type': 'text/plain' },
      });
    case 'malformed-json':
      return new Response('{"status": 0, "data": {', { headers: JSON_TYPE });
    case 'schema-invalid':
      // Valid JSON that no call's answer accepts.
      return new Response(JSON.stringify({ sandbox_fault: 'schema-invalid', status: 'ok' }), { headers: JSON_TYPE });
    case 'empty-body':
      return new Response('', { headers: JSON_TYPE });
    case 'slow':
      await sleep(slowMs, c.req.raw.signal);
      return undefined;
  }
}

/** Fault injection's two halves, sharing the armed faults: where tests arm them, and where the API answers. */
export interface SandboxFaults {
  /** Serves /sandbox/faults (the app's origin, with the other /sandbox/* tools). */
  control: MiddlewareHandler;
  /** Injects armed faults into /v4/api calls (wherever the API is served). */
  inject: MiddlewareHandler;
  /** The fault armed for the next purchase on this machine, counting it down. */
  takeMachineFault: (machineId: string) => MachineFault | undefined;
}

export function sandboxFaults({ holdMs = 60_000, slowMs = 3_000 }: FaultOptions = {}): SandboxFaults {
  const armed: ArmedFault[] = [];

  /** The fault armed for this call, counting it down. */
  const take = (call: string): ArmedFault | undefined => {
    const index = armed.findIndex((entry) => entry.call === call);
    const entry = armed[index];
    if (!entry) return undefined;
    if (entry.times !== undefined && --entry.times === 0) armed.splice(index, 1);
    return { ...entry };
  };

  const control: MiddlewareHandler = async (c, next) => {
    if (c.req.path !== CONTROL_PATH) return next();
    switch (c.req.method) {
      case 'GET':
        return c.json(armed);
      case 'DELETE':
        armed.splice(0);
        return c.body(null, 204);
      case 'POST': {
        const body: unknown = await c.req.json().catch(() => undefined);
        const { call, ...rest } = parseOrFail(armSchema, body);
        const entry: ArmedFault = { call: callOf(call), ...rest };
        // One fault per call: arming again replaces it.
        armed.splice(0, armed.length, ...armed.filter((other) => other.call !== entry.call), entry);
        return c.json(entry, 201);
      }
      default:
        return c.json({ message: 'use GET, POST or DELETE' }, 405);
    }
  };

  const inject: MiddlewareHandler = async (c, next) => {
    const { path } = c.req;
    if (!path.startsWith(API_PREFIX)) return next();
    const header = c.req.header(FAULT_HEADER);
    if (header !== undefined && !isFault(header)) {
      return c.json({ message: `${FAULT_HEADER} must be one of ${FAULTS.join(', ')}` }, 400);
    }
    const entry = header ? { fault: header } : take(callOf(path));
    if (!entry || isMachineFault(entry.fault)) return next();
    const delayMs = 'delayMs' in entry ? entry.delayMs : undefined;
    const answer = await answerWith(entry.fault, c, { holdMs: delayMs ?? holdMs, slowMs: delayMs ?? slowMs });
    if (!answer) return next();
    // Marked, so the contract checks (tests/fixtures/contract.ts) know it is not the operator's answer.
    answer.headers.set(FAULT_HEADER, entry.fault);
    return answer;
  };

  const takeMachineFault = (machineId: string) => {
    const fault = take(`machine/${machineId}`)?.fault;
    return isMachineFault(fault) ? fault : undefined;
  };

  return { control, inject, takeMachineFault };
}
