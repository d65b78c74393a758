// @vitest-environment jsdom
/**
 * Hostile input (design.md §10.3): /pay's query as the router reads it (src/routes/pay.tsx's schema). The
 * route module needs a browser (local storage, the address), hence jsdom; the other parsers are in
 * hostile-input.property.test.ts.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Route as PayRoute } from '../../src/routes/pay';

// The route's own valibot schema: what the router runs on every /pay address.
const schema = PayRoute.options.validateSearch as unknown as v.GenericSchema<
  Record<string, string>,
  { machine_id?: string; machine_close?: string; bit_return?: string }
>;

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    ' 1001 ',
    'TRUE',
    'true ',
  ),
);

describe('/pay query (src/routes/pay.tsx)', () => {
  it('never throws on any text; machine_id is kept as trimmed text, and only machine_close=true closes', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('machine_id', 'machine_close', 'bit_return', 'bit_status', 'transaction_id', 'message', 'x'),
          hostileText,
        ),
        (search) => {
          const read = v.parse(schema, search);
          expect(read.machine_id).toBe(search.machine_id?.trim());
          expect(read.machine_close).toBe(search.machine_close);
          // Bit's return brings only its token: a verdict, a transaction id or a message in the address is not read.
          expect(read.bit_return).toBe(search.bit_return);
          expect(
            Object.keys(read).filter((key) => !['machine_id', 'machine_close', 'bit_return'].includes(key)),
          ).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
