import * as v from 'valibot';
import type { PurchaseLineRequest } from '../../machines/shared/pricing';
import { fetchJson, type ApiClient } from './client';

export const setPurchaseAnswerSchema = v.object({ session_id: v.pipe(v.string(), v.nonEmpty()) });

/** POST /api/menu/set_purchase: stores the lines; its session_id becomes the session uuid. */
export async function setPurchase(
  client: ApiClient,
  machineId: string,
  lines: readonly PurchaseLineRequest[],
): Promise<string> {
  const answer = await fetchJson(client, setPurchaseAnswerSchema, 'api/menu/set_purchase', {
    method: 'post',
    searchParams: { machine_id: machineId },
    json: lines,
  });
  client.setSessionUuid(answer.session_id);
  return answer.session_id;
}
