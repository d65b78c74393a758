/**
 * A field of a value whose shape nothing guarantees (a provider's rejection reason, a processor's answer):
 * read without trusting a type for it, so each caller checks what it finds.
 */
export function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

/** A text field of such a value, or undefined when it is missing or not text. */
export function textFieldOf(value: unknown, key: string): string | undefined {
  const field = fieldOf(value, key);
  return typeof field === 'string' ? field : undefined;
}
