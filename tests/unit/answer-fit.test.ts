/**
 * readsAnswer (src/api/answer-fit.ts): a schema that cannot read an answer the contract allows, or reads a
 * field the contract does not name, does not compile. The answer types below are written as
 * openapi-typescript writes the contract's: `type: [string, 'null']` as `string | null`, a oneOf as a union,
 * a field the schema does not require as optional, `additionalProperties: true` as an index signature.
 * `tsc -b` checks this file: each `@ts-expect-error` fails the build once its line compiles.
 */
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { readsAnswer, type Answer, type UnnamedFields } from '../../src/api/answer-fit';

/** startCardScan's 200: opened (status 0, the scan), or not (data null). */
type ScanAnswer =
  | { status: 0; msg?: string | null; data: { scan_id: number | string; scan_url: string } }
  | { status: number; msg?: string | null; data: null };

/** A booked purchase's lines, and a settings object open to any field. */
interface BookedAnswer {
  session_id: string;
  lines: { product_id: number | string; name: string; count: number }[];
  merchantInfo?: { [key: string]: unknown };
}

const scanSchema = <TScanId extends v.GenericSchema>(scanId: TScanId) =>
  v.object({
    status: v.number(),
    msg: v.optional(v.nullable(v.string())),
    data: v.optional(v.nullable(v.object({ scan_id: scanId, scan_url: v.string() }))),
  });

describe('readsAnswer', () => {
  it('passes a schema that reads every answer the contract allows, and returns it as it is', () => {
    const schema = scanSchema(v.union([v.number(), v.string()]));
    expect(readsAnswer<ScanAnswer>()(schema)).toBe(schema);
    // Fields the contract names and the schema does not read, and a record for an open object, fit too.
    readsAnswer<BookedAnswer>()(
      v.object({
        session_id: v.string(),
        lines: v.array(v.object({ product_id: v.union([v.number(), v.string()]), count: v.number() })),
        merchantInfo: v.optional(v.record(v.string(), v.unknown())),
      }),
    );
  });

  it('refuses a schema narrower than the contract (an id it may number, read as a name only)', () => {
    const namedOnly = scanSchema(v.string());
    // @ts-expect-error the contract allows a numbered scan_id
    readsAnswer<ScanAnswer>()(namedOnly);
  });

  it('refuses a schema that requires what the contract leaves out', () => {
    const withMessage = v.object({ status: v.number(), msg: v.string() });
    // @ts-expect-error msg is optional in the contract
    readsAnswer<ScanAnswer>()(withMessage);
  });

  it('refuses a schema that reads a field the contract does not name, at any depth', () => {
    const withReceipt = v.object({ status: v.number(), receipt_url: v.optional(v.string()) });
    // @ts-expect-error the contract names no receipt_url
    readsAnswer<ScanAnswer>()(withReceipt);
    const line = v.object({ name: v.string(), unit_note: v.optional(v.string()) });
    const withNotes = v.object({ session_id: v.string(), lines: v.array(line) });
    // @ts-expect-error a line has no unit_note in the contract
    readsAnswer<BookedAnswer>()(withNotes);
    expectTypeOf<
      UnnamedFields<
        { data?: { scan_token?: string } | null; lines: { unit_note?: string }[] },
        ScanAnswer & BookedAnswer
      >
    >().toEqualTypeOf<'.data.scan_token' | '.lines[].unit_note'>();
  });

  it("reads an operation's answer from the types generated from the contract", () => {
    // isWaitingForCard's 200 and the wheelshare return's (the contract's OperatorAnswer).
    expectTypeOf<Answer<'isWaitingForCard'>>().toEqualTypeOf<{ status: boolean }>();
    expectTypeOf<Answer<'returnRental'>['status']>().toEqualTypeOf<number>();
    // @ts-expect-error the contract names no such operation
    expectTypeOf<Answer<'getReceipt'>>().toBeObject();
  });
});
