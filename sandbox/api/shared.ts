import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Catalogue, CatalogueMachine } from '../catalogue';
import type { ChargeStore, PurchaseStore } from '../stores';

/** What every /v4/api handler can read with c.get(). */
export interface SandboxEnv {
  Variables: {
    /** Spec §7: the app sends its session uuid on every call, in a header and in the query. */
    sessionUuid: string | undefined;
  };
}

/** What the route modules share. */
export interface SandboxState {
  catalogue: Catalogue;
  purchases: PurchaseStore;
  charges: ChargeStore;
}

/** Ends the request with `{"message": message}` (the app's client reads that field). */
export function fail(status: ContentfulStatusCode, message: string): never {
  throw new HTTPException(status, { message });
}

/** The machine named by the machine_id query parameter; 400 without one, 404 for an unknown id. */
export function requestedMachine(c: Context, catalogue: Catalogue): CatalogueMachine {
  const id = c.req.query('machine_id');
  if (!id) fail(400, 'machine_id is required');
  return catalogue.get(id) ?? fail(404, 'machine not found');
}
