/**
 * The operator's card-scan call. The operator opens the scan with the scanner for its own total and is
 * notified of its end server-to-server, so the app asks the operator for the verdict (payment-status.ts).
 * - POST /api/payment/pre/card_scan/start?machine_id (no body)
 *   answers `{ status, msg, data: { scan_id, scan_url } }` (status 0: the scan is open).
 */
import * as v from 'valibot';
import type { CardScanStartAnswer } from '../../machines/payment/methods/card-scan/card-scan.machine';
import type { AttemptInput } from '../../machines/payment/payment.types';
import { readsAnswer, type Answer } from './answer-fit';
import { fetchJson, type ApiClient } from './client';

/** The contract's Id: the operator may number its scans or name them. */
const scanId = v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.nonEmpty())]);

const startSchema = readsAnswer<Answer<'startCardScan'>>()(
  v.object({
    status: v.number(),
    msg: v.optional(v.nullable(v.string())),
    data: v.optional(v.nullable(v.object({ scan_id: scanId, scan_url: v.pipe(v.string(), v.url()) }))),
  }),
);

/** POST /api/payment/pre/card_scan/start: the scanner's page for a scan the operator opened for this purchase. */
export async function startCardScan(
  client: ApiClient,
  { order, attemptKey }: AttemptInput,
): Promise<CardScanStartAnswer> {
  const answer = await fetchJson(client, startSchema, 'api/payment/pre/card_scan/start', {
    method: 'post',
    searchParams: { machine_id: order.machineId },
    attemptKey,
  });
  return { status: answer.status, msg: answer.msg ?? '', scanUrl: answer.data?.scan_url };
}
