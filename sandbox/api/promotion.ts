import { Hono } from 'hono';
import * as v from 'valibot';
import { isContact, parseContactAs, type Contact } from '../../machines/vacuum/promotion';
import { fail, jsonBody, recognisedSession, requestedMachine, type SandboxEnv, type SandboxState } from './shared';

const BODY = 'the body must be {"phone": "..."} or {"email": "..."}';

const contactSchema = v.union(
  [
    v.strictObject({ phone: v.string('phone: must be a string') }),
    v.strictObject({ email: v.string('email: must be a string') }),
  ],
  BODY,
);

/** The body's contact by the sign-up's own rules (machines/vacuum/promotion.ts, shared/phone.ts); 400 otherwise. */
function requestedContact(body: unknown): Contact {
  const parsed = v.safeParse(contactSchema, body);
  if (!parsed.success) fail(400, BODY);
  const [kind, text] =
    'phone' in parsed.output ? (['phone', parsed.output.phone] as const) : (['email', parsed.output.email] as const);
  const contact = parseContactAs(kind, text);
  if (isContact(contact)) return contact;
  if (contact === 'empty') fail(400, `${kind}: is empty`);
  return fail(
    400,
    kind === 'phone'
      ? 'phone: not a plausible mobile number (9 to 15 digits, an optional leading +)'
      : 'email: not a plausible e-mail address',
  );
}

/**
 * POST /api/menu/promotion/join (the contract's joinPromotion): the vacuum's loyalty sign-up. The operator
 * keeps one membership per machine and contact, so a second join (a retry after a lost answer, another
 * visit) answers status 0 again and records nothing more. 409: the machine's menu offers no promotion.
 */
export function promotionRoutes(state: SandboxState) {
  const { catalogue, members } = state;
  return new Hono<SandboxEnv>().post('/join', async (c) => {
    const machine = requestedMachine(c, catalogue);
    if (!machine.menu.promotion) fail(409, 'this machine offers no promotion');
    const contact = requestedContact(await jsonBody(c));
    const { alreadyMember } = members.join({
      machine_id: machine.id,
      kind: contact.kind,
      contact: contact.value,
      session_uuid: recognisedSession(c, state),
    });
    return c.json({
      status: 0,
      msg: alreadyMember ? 'Already a member' : 'Joined',
      data: { already_member: alreadyMember },
    });
  });
}
