/**
 * The vacuum's loyalty sign-up (requirements.md §2: 'Every tenth vacuuming is on us', join with a mobile number or an
 * e-mail). requirements.md §7 names no call for it; this app sends `POST /api/menu/promotion/join?machine_id=` with
 * `{ phone }` or `{ email }` (contract `joinPromotion`) and reads `{ status, msg, data: { already_member } }`,
 * status 0 meaning the operator holds the contact (joining again is harmless: it answers 0 again).
 */
import * as v from 'valibot';
import { contactBody, type JoinPromotionInput } from '../../machines/vacuum/promotion';
import { readsAnswer, type Answer } from './answer-fit';
import { fetchJson, type ApiClient } from './client';

const joinAnswerSchema = readsAnswer<Answer<'joinPromotion'>>()(
  v.object({
    status: v.number(),
    msg: v.optional(v.nullable(v.string())),
    data: v.optional(v.nullable(v.object({ already_member: v.optional(v.boolean()) }))),
  }),
);

/** The operator answered, but did not sign the visitor up (a status other than 0). */
export class PromotionRefused extends Error {
  override name = 'PromotionRefused';
  constructor(
    readonly status: number,
    readonly msg: string,
  ) {
    super(`the operator did not sign the visitor up: status ${status} ${msg}`);
  }
}

/** POST /api/menu/promotion/join: resolves once the operator holds the contact; a refusal rejects. */
export async function joinPromotion(client: ApiClient, { machineId, contact }: JoinPromotionInput): Promise<undefined> {
  const answer = await fetchJson(client, joinAnswerSchema, 'api/menu/promotion/join', {
    method: 'post',
    searchParams: { machine_id: machineId },
    json: contactBody(contact),
  });
  if (answer.status !== 0) throw new PromotionRefused(answer.status, answer.msg ?? '');
  return undefined;
}
