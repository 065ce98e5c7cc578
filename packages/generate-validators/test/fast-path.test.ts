/**
 * The generated fast path of the object schemas (fast.ts, and a parser per resource and closed
 * structure) against zod's own parser: whatever the fast path accepts, zod accepts with the same
 * value (same keys in the same order, bigint ids, unknown keys dropped), and the schemas give the
 * same results and issues as zod's own parser on accepted and refused records alike. The samples
 * cover the edges: leap days, offsets, fractions, the Int64 bounds, leading zeros, decimals from
 * parseJson, nulls, unknown fields, enumerations and bitmasks.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type Validators, loadModules } from './load-generated.ts';
import { productRecordJson } from './product-record-json.ts';

let v: Validators;
let fast: Validators;
beforeAll(async () => {
  ({ index: v, fast } = await loadModules());
}, 60_000);

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** What Int64 decodes a string to, by the rules (a numeric string in the 64-bit range), or null. */
function int64Reference(text: string): bigint | null {
  if (!/^-?\d+$/.test(text)) return null;
  const value = BigInt(text);
  return value < INT64_MIN || value > INT64_MAX ? null : value;
}

describe('int64FromString', () => {
  it('decodes exactly at the edges of each branch (2^32, 2^53, the 18/19-digit split, the 64-bit bounds)', () => {
    const edges = ['0', '-0', '1', '-1', '00', '-000', '4294967295', '4294967296', '-4294967296', '-4294967297'];
    edges.push('9007199254740991', '9007199254740993', '-9007199254740993', '999999999999999999');
    edges.push('4611686018000000000', '4611686018999999999', '4611686019000000000', '-4611686019000000001');
    edges.push('9223372036854775807', '9223372036854775808', '-9223372036854775808', '-9223372036854775809');
    edges.push('18446744073709551615', '99999999999999999999', '0000000000000000000000042', '-00000000000000000000001');
    edges.push('', '-', '+1', ' 1', '1 ', '1e3', '0x10', '1.0', '١٢', '12a', '--1', '9'.repeat(40));
    for (const text of edges) {
      const got = fast.int64FromString(text);
      expect(got === fast.INVALID ? null : got, text).toBe(int64Reference(text));
    }
  });

  it('agrees with BigInt on every numeric string of up to 21 digits, signed or not', () => {
    const digits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 21 });
    const text = fc.tuple(fc.boolean(), digits).map(([minus, ds]) => `${minus ? '-' : ''}${ds.join('')}`);
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 22 })), (t) => {
        const got = fast.int64FromString(t);
        expect(got === fast.INVALID ? null : got).toBe(int64Reference(t));
      }),
      { numRuns: 3000 },
    );
  });
});

/** The same object schema on zod's own parser: `.pick()` of every key builds a new, uncompiled schema. */
const picked = new Map<z.ZodObject, z.ZodObject>();
function onZodsParser(schema: z.ZodObject): z.ZodObject {
  const known = picked.get(schema);
  if (known) return known;
  const mask = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, true])) as Record<string, true> &
    Record<number, never>;
  const own = schema.pick(mask);
  picked.set(schema, own);
  return own;
}

/** The fast path's answer and zod's agree; the schema (fast path first) answers as zod's own parser. */
function expectSameAsZod(schema: z.ZodObject, value: unknown): boolean {
  const parser = (schema._zod.bag as { validator?: (value: unknown) => unknown }).validator;
  if (parser === undefined) throw new Error('the schema has no fast path');
  const own = onZodsParser(schema).safeParse(value);
  const out = parser(value);
  if (out !== fast.INVALID) {
    expect(own.success).toBe(true);
    expect(out).toStrictEqual(own.data);
    expect(Object.keys(out as object)).toEqual(Object.keys(own.data as object));
  }
  const result = schema.safeParse(value);
  expect(result.success).toBe(own.success);
  if (result.success) expect(result.data).toStrictEqual(own.data);
  else expect(result.error?.issues).toEqual(own.error?.issues);
  return out !== fast.INVALID;
}

/** Values worth trying in any field: valid and invalid ones of every kind, edges included. */
const CANDIDATES: unknown[] = [
  null,
  undefined,
  true,
  0,
  -0,
  1,
  5,
  7,
  9,
  31,
  32,
  -1,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  10n ** 400n,
  9007199254740993n,
  2n ** 63n,
  '',
  'text',
  'x'.repeat(50),
  'x'.repeat(51),
  '380497447683684471',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775808',
  '-9223372036854775809',
  '000000000000000000000007',
  '12a',
  '2024-02-29T10:20:00+01:00',
  '2023-02-29T10:20:00+01:00',
  '2000-02-29T00:00Z',
  '1900-02-29T00:00Z',
  '2026-06-30T10:00-05:30',
  '2026-06-30T23:59:59.1234567+14:59',
  '2026-06-30T23:59:59.12345678Z',
  '2026-06-30T24:00:00Z',
  '2026-06-30T10:00:00+15:00',
  '2026-06-31T10:00:00Z',
  '2026-06-30t10:00:00z',
  '0001-01-01T00:00:00+01:00',
  '0001-01-01T01:00+01:00',
  '0000-02-29T00:00Z',
  '9999-12-31T23:00:00-01:00',
  '9999-12-31T23:59:59.9999999Z',
  '-1.02:03:04.1234567',
  '400.00:00:00',
  '24:00:00',
  '10675199.02:48:05.4775807',
  '10675199.02:48:05.4775808',
  [],
  [{ Id: '7', Extra: 1 }],
  [{ Id: 'x' }],
  { Id: '42', Description: 'bolt' },
  { Id: 9007199254740993n },
  {},
];

describe('the fast path of the record schemas', () => {
  it('accepts a full ProductRecord and decodes it as zod does', () => {
    const record = v.parseJson(productRecordJson({ CommentId: '"12"', ExtraFields: '[{"Id": "3", "Name": "n"}]' }));
    expect(expectSameAsZod(v.ProductRecordSchema, record)).toBe(true);
    expect(expectSameAsZod(v.ProductRecordSchema, { ...record, Unknown: 1 })).toBe(true);
  });

  it('agrees with zod on records with any field replaced by an edge value, valid or not', () => {
    const base = v.parseJson(productRecordJson()) as Record<string, unknown>;
    const keys = Object.keys(base);
    let accepted = 0;
    let refused = 0;
    for (const key of keys) {
      for (const candidate of CANDIDATES) {
        if (expectSameAsZod(v.ProductRecordSchema, { ...base, [key]: candidate })) accepted++;
        else refused++;
      }
    }
    // Both answers are exercised: each field has valid and invalid candidates.
    expect(accepted).toBeGreaterThan(keys.length);
    expect(refused).toBeGreaterThan(keys.length);
  });

  it('agrees with zod on records of every resource with several fields replaced at once', () => {
    const schemas = Object.values(v.resourceSchemas) as z.ZodObject[];
    fc.assert(
      fc.property(
        fc.constantFrom(...schemas),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...CANDIDATES)), { maxLength: 6 }),
        (schema, replacements) => {
          const keys = Object.keys(schema.shape);
          const record: Record<string, unknown> = {};
          for (const key of keys) record[key] = null;
          for (const [at, value] of replacements) record[keys[at % keys.length] ?? ''] = value;
          expectSameAsZod(schema, record);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('refuses what is not an object, and a missing field, with zod issues', () => {
    for (const value of [null, undefined, 'x', 1, [], [{}]]) expectSameAsZod(v.ProductRecordSchema, value);
    const { Id: _id, ...withoutId } = v.parseJson(productRecordJson()) as Record<string, unknown>;
    expect(expectSameAsZod(v.ProductRecordSchema, withoutId)).toBe(false);
  });

  it('closed sign-in structures have a fast path too; open ones (unknown keys kept) stay on zod', () => {
    const device = { MfaToken: 't', Secret: 's', QrCode: 'q', ExpiryDate: '2026-01-31T00:00:00+01:00', $id: '1' };
    expect(expectSameAsZod(v.DeviceSecretResponseSchema, device)).toBe(true);
    expect(expectSameAsZod(v.DeviceSecretResponseSchema, { ...device, ExpiryDate: '2026-02-30T00:00Z' })).toBe(false);
    expect(fast.PARSERS.has(v.DeviceSecretResponseSchema)).toBe(true);
    expect(fast.PARSERS.has(v.LoginResponseSchema)).toBe(false);
    const login = { SessionId: 's', MfaToken: null, $id: '1', Other: 2 };
    expect(v.LoginResponseSchema.parse(login)).toEqual(login);
  });
});
