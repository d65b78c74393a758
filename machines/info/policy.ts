/**
 * The refund and cancellation policy's figures (requirements.md §1, §9), kept in one place: the policy texts
 * interpolate them as {{hours}}, {{minAge}} and {{cardAge}}.
 */
export const POLICY_FIGURES = {
  /** Refunds begin processing within this many hours of the operator's refund request. */
  hours: 24,
  /** The services are for users of this age or older, or younger ones with a parent's permission. */
  minAge: 13,
  /** Card use may be limited to people over this age. */
  cardAge: 18,
} as const;

/** requirements.md §2: the policy's sections, in this order; each id is also the section's anchor. */
export const POLICY_SECTIONS = [
  'intro',
  'refund-policy',
  'cancellation',
  'refund-process',
  'clarifications',
  'guidelines',
  'technical-issues',
  'double-charges',
  'special-cases',
  'exceptional-cases',
  'children',
  'unauthorized-activity',
  'privacy',
  'contact',
] as const;

export type PolicySection = (typeof POLICY_SECTIONS)[number];
