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

  it('int64Between (its copy for JSON text) decodes a part of a longer text as int64FromString decodes that part', () => {
    const digits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 0, maxLength: 25 });
    const text = fc.tuple(fc.boolean(), digits).map(([minus, ds]) => `${minus ? '-' : ''}${ds.join('')}`);
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 22 })), fc.string({ maxLength: 3 }), (t, around) => {
        const got = fast.int64Between(`${around}${t}${around}`, around.length, around.length + t.length);
        expect(got).toBe(fast.int64FromString(t));
      }),
      { numRuns: 3000 },
    );
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

/**
 * Every string one edit away from each sample: each prefix, each character removed, replaced by
 * or preceded by one of `alphabet`. The edits reach every branch of a character scanner.
 */
function oneEditAway(samples: string[], alphabet: string): string[] {
  const out = new Set<string>();
  for (const s of samples) {
    for (let i = 0; i <= s.length; i++) {
      out.add(s.slice(0, i));
      if (i < s.length) out.add(s.slice(0, i) + s.slice(i + 1));
      for (const c of alphabet) {
        if (i < s.length) out.add(s.slice(0, i) + c + s.slice(i + 1));
        out.add(s.slice(0, i) + c + s.slice(i));
      }
    }
  }
  return [...out];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

describe('isDateTimeOffset (the form as one regular expression, then the day and .NET range read at fixed places)', () => {
  const reference = (text: string) => fast.DATE_TIME.test(text) && fast.inDotNetRange(text);
  const samples = [
    '2024-02-29T10:20:00+01:00',
    '2023-02-28T23:59:59.9999999-14:00',
    '2000-02-29T00:00Z',
    '1900-02-28T00:00:00Z',
    '2026-06-30T10:00-05:30',
    '2026-12-31T23:59:59.1234567+14:59',
    '2026-04-30T12:00:00.5Z',
    '0001-01-01T01:00+01:00',
    '0001-01-01T00:00:00-14:00',
    '9999-12-31T22:59:59.9999999-01:00',
    '9999-12-31T23:59:59.9999999+14:00',
    '0004-02-29T00:00Z',
    '9996-02-29T00:00Z',
  ];

  it('agrees with DATE_TIME and inDotNetRange on edge values and on everything one edit away from them', () => {
    const edges = [
      ...['2023-02-29T00:00Z', '2100-02-29T00:00Z', '2400-02-29T00:00Z', '1600-02-29T00:00Z', '0000-02-29T00:00Z'],
      ...['2026-01-31T00:00Z', '2026-03-31T00:00Z', '2026-04-31T00:00Z', '2026-06-31T00:00Z', '2026-09-31T00:00Z'],
      ...['2026-11-31T00:00Z', '2026-11-30T00:00Z', '2026-12-32T00:00Z', '2026-01-00T00:00Z', '2026-00-01T00:00Z'],
      ...['2026-13-01T00:00Z', '2026-19-01T00:00Z', '2026-10-39T00:00Z', '2026-06-30T24:00Z', '2026-06-30T24:00:00Z'],
      ...['2026-06-30T23:60Z', '2026-06-30T23:59:60Z', '2026-06-30T29:00Z', '2026-06-30T10:00+15:00'],
      ...['2026-06-30T10:00+14:60', '2026-06-30T10:00+24:00', '2026-06-30T10:00+1400', '2026-06-30T10:00:00.Z'],
      ...['2026-06-30T10:00:00.12345678Z', '2026-06-30T10:00.5Z', '2026-06-30t10:00z', '2026-06-30 10:00Z'],
      ...[
        '0001-01-01T00:00:00+01:00',
        '0001-01-01T00:59:59.9999999+01:00',
        '0001-01-01T00:00Z',
        '0001-01-02T00:00+14:00',
      ],
      ...['9999-12-31T23:00:00-01:00', '9999-12-31T23:59Z', '9999-12-30T23:59-14:00', '0000-01-01T00:00Z'],
      ...['2026-06-30T10:00:00+01:00 ', ' 2026-06-30T10:00Z', '２０２６-06-30T10:00Z', '2026-06-30T10:00:00+01:00Z'],
      // the fraction's length, read from the text's length (28 characters with Z, 33 with an offset)
      ...['2026-06-30T10:00:00.1234567Z', '2026-06-30T10:00:00.1234567+14:59', '2026-06-30T10:00:00.12345678-01:00'],
      ...['2026-06-30T10:00:00.123456789Z', '2026-06-30T10:00:00.1234567890+01:00', '2026-06-30T10:00:00.1234567ZZ'],
      // days 29-31 in years 1000-8999 (read at fixed places) and in years 0xxx and 9xxx (the scanner)
      ...['1000-02-29T00:00Z', '1004-02-29T00:00Z', '8800-02-29T00:00Z', '8900-02-29T00:00Z', '8999-04-31T00:00Z'],
      ...['0999-12-31T00:00Z', '9000-02-29T00:00Z', '9100-02-29T00:00Z', '9999-11-31T00:00Z', '0400-02-29T00:00Z'],
    ];
    const values = [...edges, ...oneEditAway(samples, '0123456789-+:.TZtz /')];
    let accepted = 0;
    for (const text of values) {
      const expected = reference(text);
      expect(fast.isDateTimeOffset(text), text).toBe(expected);
      expect(fast.dateTimeOffset(text) === fast.INVALID, text).toBe(!expected);
      if (expected) accepted++;
    }
    expect(accepted).toBeGreaterThan(samples.length * 10);
  });

  it('agrees with them on every day of leap and common years, every hour and offset hour', () => {
    for (const year of ['0000', '0001', '0004', '0100', '0400', '1900', '2000', '2023', '2024', '9999']) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${year}-${pad(month)}-${pad(day)}T12:00Z`;
          expect(fast.isDateTimeOffset(text), text).toBe(reference(text));
        }
      }
    }
    for (let hour = 0; hour <= 30; hour++) {
      for (const offset of ['Z', '+00:00', '-00:00', '+13:59', '+14:00', '-14:00', '+14:59', '+15:00', '-19:00']) {
        for (const date of ['2026-06-30', '0001-01-01', '9999-12-31']) {
          const text = `${date}T${pad(hour)}:30${offset}`;
          expect(fast.isDateTimeOffset(text), text).toBe(reference(text));
        }
      }
    }
  });

  it('agrees with them on generated date-times, valid or not', () => {
    const digits = (n: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n });
    const part = (n: number) => digits(n).map((d) => d.join(''));
    const fraction = fc.option(fc.integer({ min: 0, max: 9 }).chain((n) => part(n).map((d) => `.${d}`)));
    const seconds = fc.option(fc.tuple(part(2), fraction).map(([ss, f]) => `:${ss}${f ?? ''}`));
    const offset = fc.oneof(
      fc.constant('Z'),
      fc.tuple(fc.constantFrom('+', '-'), part(2), part(2)).map((o) => `${o[0]}${o[1]}:${o[2]}`),
    );
    const text = fc
      .tuple(part(4), part(2), part(2), part(2), part(2), seconds, offset)
      .map(([y, mo, d, h, mi, s, o]) => `${y}-${mo}-${d}T${h}:${mi}${s ?? ''}${o}`);
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 34 })), (t) => {
        expect(fast.isDateTimeOffset(t)).toBe(reference(t));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('isTimeSpan (the character scanner of the fast path)', () => {
  const samples = [
    '10:20:30',
    '-1.02:03:04.1234567',
    '9999999.23:59:59.9999999',
    '-9999999.00:00:00',
    '0.00:00:00.1',
    '10675199.02:48:05.4775807',
    '-10675199.02:48:05.4775808',
    '00000001.00:00:00',
  ];

  it('agrees with TIME_SPAN on edge values and on everything one edit away from them', () => {
    const edges = [
      ...['24:00:00', '23:60:00', '23:59:60', '23:59:59.', '23:59:59.12345678', '1.24:00:00', '.10:00:00', '1.'],
      ...['10675199.02:48:05.4775808', '-10675199.02:48:05.4775809', '10675200.00:00:00', '10675199.02:48:06'],
      ...['-0.00:00:00', '--1.00:00:00', '+1.00:00:00', '1:00:00', '100:00:00', '1.1.10:00:00', '', '-'],
      ...['000000000000001.00:00:00', '99999999.00:00:00', '10:20:30 ', ' 10:20:30', '１0:20:30'],
    ];
    let accepted = 0;
    for (const text of [...edges, ...oneEditAway(samples, '0123456789-.: ')]) {
      const expected = fast.TIME_SPAN.test(text);
      expect(fast.isTimeSpan(text), text).toBe(expected);
      expect(fast.timeSpan(text) === fast.INVALID, text).toBe(!expected);
      if (expected) accepted++;
    }
    expect(accepted).toBeGreaterThan(samples.length * 10);
  });

  it('agrees with TIME_SPAN on generated time spans, valid or not', () => {
    const part = (min: number, max: number) =>
      fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
    const text = fc
      .tuple(
        fc.constantFrom('', '-'),
        fc.option(part(0, 10).map((d) => `${d}.`)),
        part(2, 2),
        part(2, 2),
        part(2, 2),
        fc.option(part(0, 9).map((d) => `.${d}`)),
      )
      .map(([sign, days, h, m, s, f]) => `${sign}${days ?? ''}${h}:${m}:${s}${f ?? ''}`);
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 28 })), (t) => {
        expect(fast.isTimeSpan(t)).toBe(fast.TIME_SPAN.test(t));
      }),
      { numRuns: 5000 },
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
  // the same result object as zod's safeParse: `{ success, data }` or `{ success, error }`
  expect(Object.keys(result)).toEqual(Object.keys(own));
  if (result.success) {
    expect(result.data).toStrictEqual(own.data);
    expect(schema.parse(value)).toStrictEqual(own.data);
  } else {
    expect(result.error?.issues).toEqual(own.error?.issues);
    expect(() => schema.parse(value)).toThrow(expect.objectContaining({ issues: own.error?.issues }));
  }
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

  it('answers safeParse and parse itself only for what the fast path accepts; zod gets the rest with its params', async () => {
    const record = v.parseJson(productRecordJson()) as Record<string, unknown>;
    const schema = v.ProductRecordSchema as unknown as z.ZodObject;
    const own = onZodsParser(schema);
    // safeParse and parse are own, non-enumerable properties: the schema's enumerable keys are zod's
    expect(Object.keys(schema)).not.toContain('safeParse');
    expect(Object.keys(schema)).not.toContain('parse');
    const bad = { ...record, Id: 'x', WarrantyStartDate: '2026-02-30T00:00Z' };
    const params = { reportInput: true };
    expect(schema.safeParse(bad, params)).toEqual(own.safeParse(bad, params));
    expect(schema.safeParse(bad, params).error?.issues[0]).toHaveProperty('input', 'x');
    expect(() => schema.parse(bad, params)).toThrow(
      expect.objectContaining({ issues: own.safeParse(bad, params).error?.issues }),
    );
    // the other entry points still run the fast path through the schema's run, and agree
    expect(await schema.safeParseAsync(record)).toEqual(own.safeParse(record));
    expect(await schema.safeParseAsync(bad)).toEqual(await own.safeParseAsync(bad));
    expect(v.parseAs(schema, record)).toEqual(own.parse(record));
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
