/**
 * `validateJson(schema, text)` and `parseJsonAs(schema, text)`: the generated readers (read.ts, one per
 * record schema behind its gate) against the general way, `validate(schema, parseJson(text))` and
 * `parseAs(schema, parseJson(text))`: the same data, the same issues with their paths, the same
 * SyntaxError with its position, on the texts the service sends and on adversarial ones (big numbers,
 * repeated keys, `__proto__`, deep nesting, escapes, whitespace, invalid JSON, every one-character edit).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Validators, loadModules } from './load-generated.ts';
import { productRecordJson } from './product-record-json.ts';

let v: Validators;
let fast: Validators;
let read: Validators;
beforeAll(async () => {
  ({ index: v, fast, read } = await loadModules());
}, 60_000);

type Outcome = { value: unknown } | { error: string };
const outcome = (run: () => unknown): Outcome => {
  try {
    return { value: run() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
};

/** validateJson and parseJsonAs answer exactly as the general way; returns whether the reader took the text. */
function expectSameAsGeneral(schema: z.ZodType, text: string): boolean {
  expect(outcome(() => v.validateJson(schema, text))).toStrictEqual(
    outcome(() => v.validate(schema, v.parseJson(text))),
  );
  expect(outcome(() => v.parseJsonAs(schema, text, 'Body'))).toStrictEqual(
    outcome(() => v.parseAs(schema, v.parseJson(text), 'Body')),
  );
  const reader = read.READERS.get(schema);
  return reader !== undefined && reader(text, 0) !== fast.INVALID && read.cursor.at === text.length;
}

/** JSON tokens worth trying in any field: valid and invalid ones of every kind, and texts that are not JSON. */
const TOKENS = [
  // the first the general way accepts in a field makes the valid records (validRecordText)
  '"380497447683684471"',
  '"2024-02-29T10:20:00+01:00"',
  '"-1.02:03:04.1234567"',
  '12.5',
  '0',
  '1',
  '2',
  '3',
  '5',
  '7',
  'true',
  'null',
  '380497447683684471',
  '-9007199254740993',
  '"12"',
  '"-0"',
  '"00042"',
  '""',
  '"-"',
  '"9223372036854775807"',
  '"9223372036854775808"',
  '9223372036854775807',
  '-9223372036854775809',
  '-1',
  '-0',
  '-0.0',
  '1.0',
  '1e2',
  '01',
  '1.',
  '.5',
  '123456789012345.6',
  '1234567890123456.78',
  '0.1234567890123456789',
  '123456789012345678',
  '8.000000000000001',
  '12345678901234567890',
  '1e400',
  '2147483648',
  'false',
  'nul',
  '"text"',
  `"${'x'.repeat(51)}"`,
  '"a\\"b"',
  '"\\u0041"',
  '"tab\there"',
  '"2023-02-29T10:20:00+01:00"',
  '"2024-01-01T00:00:00\\u002B01:00"',
  '"0001-01-01T00:00:00+01:00"',
  '"400.00:00:00"',
  '"24:00:00"',
  '{"Id":"3"}',
  '{"Id":"3","Name":"n"}',
  '{"__proto__":{"polluted":1},"Id":"3"}',
  '[]',
  '[{"Id":"3","Name":"n"}]',
  '[null]',
  '{}',
];

/**
 * A text of a valid record of `schema`, as the service writes it (compact, keys in the schema's
 * order): each field gets the first token that the general way accepts there.
 */
function validRecordText(schema: z.ZodObject): string {
  const keys = Object.keys(schema.shape);
  const tokens = keys.map(() => 'null');
  const text = () => `{${keys.map((k, i) => `${JSON.stringify(k)}:${tokens[i]}`).join(',')}}`;
  for (const [i, key] of keys.entries()) {
    for (const token of TOKENS) {
      tokens[i] = token;
      const result = outcome(() => v.validate(schema, v.parseJson(text())));
      const issues = 'value' in result && !(result.value as { success: boolean }).success;
      const paths = issues ? (result.value as { issues: Array<{ path: string }> }).issues.map((x) => x.path) : [];
      const here = paths.some((p) => p === key || p.startsWith(`${key}.`) || p.startsWith(`${key}[`));
      if ('value' in result && !here) break;
    }
  }
  const done = text();
  expect(v.validate(schema, v.parseJson(done)).success, done).toBe(true);
  return done;
}

const resourceSchemas = () => Object.values(v.resourceSchemas) as z.ZodObject[];

describe('validateJson and parseJsonAs', () => {
  it('read the records the service sends straight from the text, with the data of the general way', () => {
    const product = v.stringifyJson(v.parseAs(v.ProductRecordSchema, v.parseJson(productRecordJson({ Part: 'null' }))));
    expect(expectSameAsGeneral(v.ProductRecordSchema, product)).toBe(true);
    const data = v.parseJsonAs(v.ProductRecordSchema, product) as Record<string, unknown>;
    expect(data.Id).toBe(380497447683684471n);
    expect(data.OperationTime).toBe('-1.02:03:04.1234567');
    for (const schema of resourceSchemas()) {
      const text = validRecordText(schema);
      expect(expectSameAsGeneral(schema, text), text).toBe(true);
    }
  });

  it('answer as the general way for records of every resource with any field replaced by any token', () => {
    let taken = 0;
    let left = 0;
    for (const schema of resourceSchemas()) {
      const keys = Object.keys(schema.shape);
      const base = validRecordText(schema);
      for (const key of keys) {
        const at = base.indexOf(`"${key}":`) + key.length + 3;
        const end = at + tokenLength(base, at);
        for (const token of TOKENS) {
          if (expectSameAsGeneral(schema, `${base.slice(0, at)}${token}${base.slice(end)}`)) taken++;
          else left++;
        }
      }
    }
    // both ways are exercised: tokens the readers take and tokens they leave to the general way
    expect(taken).toBeGreaterThan(500);
    expect(left).toBeGreaterThan(500);
  });

  it('answer as the general way for every one-character edit of a record text', () => {
    const base = validRecordText(v.ScheduleSchema);
    const edits = new Set<string>();
    for (let i = 0; i <= base.length; i++) {
      edits.add(base.slice(0, i) + base.slice(i + 1));
      for (const c of ['"', ',', ':', '}', '\\', ' ', '0', '.', '\u0000']) {
        edits.add(base.slice(0, i) + c + base.slice(i));
        edits.add(base.slice(0, i) + c + base.slice(i + 1));
      }
    }
    for (const text of edits) expectSameAsGeneral(v.ScheduleSchema, text);
    expect(edits.size).toBeGreaterThan(3000);
  });

  it('keep integers beyond 2^53 exact, quoted or not, and refuse them out of range as before', () => {
    const base = validRecordText(v.ScheduleSchema);
    const unquoted = base.replace(/^\{"Id":"\d+"/, '{"Id":9223372036854775807');
    expect(expectSameAsGeneral(v.ScheduleSchema, unquoted)).toBe(true);
    expect((v.parseJsonAs(v.ScheduleSchema, unquoted) as { Id: bigint }).Id).toBe(9223372036854775807n);
    const beyond = base.replace(/^\{"Id":"\d+"/, '{"Id":9223372036854775808');
    expectSameAsGeneral(v.ScheduleSchema, beyond);
    const result = v.validateJson(v.ScheduleSchema, beyond);
    expect(result.success).toBe(false);
    expect(result.issues[0]).toMatchObject({ path: 'Id', rule: 'int64.range' });
    // ids of 100,000 digits (leading zeros, or not), quoted and not
    for (const id of [`"${'0'.repeat(99_999)}7"`, `"${'9'.repeat(100_000)}"`, '9'.repeat(100_000)]) {
      expectSameAsGeneral(v.ScheduleSchema, base.replace(/^\{"Id":"\d+"/, `{"Id":${id}`));
    }
    // a big integer in a field the record drops: parseJson's lossless parser decides, as before
    expectSameAsGeneral(v.ScheduleSchema, base.replace('{', '{"Unknown":12345678901234567890,'));
  });

  it('answer repeated keys, unknown keys and __proto__ as the general way, without touching any prototype', () => {
    const base = validRecordText(v.ScheduleSchema);
    const texts = [
      base.replace('{', '{"Id":"7",'),
      base.replace(/}$/, ',"Id":"7"}'),
      base.replace(/}$/, ',"Id":"7","Big":12345678901234567890}'),
      base.replace('{', '{"__proto__":{"polluted":true},'),
      base.replace(/}$/, ',"__proto__":null}'),
      base.replace(/}$/, ',"constructor":{"prototype":{"polluted":true}}}'),
    ];
    for (const text of texts) expectSameAsGeneral(v.ScheduleSchema, text);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('throw the SyntaxError of parseJson, with its position, for a text that is not JSON', () => {
    const base = validRecordText(v.ScheduleSchema);
    for (const text of [
      base.slice(0, -1),
      `${base},`,
      base.replace(':', '::'),
      '',
      ' ',
      '{',
      '[',
      base.replace('"', "'"),
    ]) {
      const general = outcome(() => v.parseJson(text));
      expect('error' in general, text).toBe(true);
      expect(outcome(() => v.validateJson(v.ScheduleSchema, text))).toStrictEqual(general);
      expect(outcome(() => v.parseJsonAs(v.ScheduleSchema, text))).toStrictEqual(general);
    }
    expect(() => v.validateJson(v.ScheduleSchema, `${base}}`)).toThrow(/position/);
  });

  it('answer deep nesting as the general way, without a stack overflow', () => {
    const base = validRecordText(v.ScheduleSchema);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expectSameAsGeneral(v.ScheduleSchema, deep);
    // (in a key the record drops: a decoded value this deep is beyond what a deep-equality check can compare)
    expectSameAsGeneral(v.ScheduleSchema, base.replace('{', `{"X":${deep},`));
    expectSameAsGeneral(v.ScheduleSchema, base.replace('"BlockMessage":null', `"BlockMessage":{"Id":${deep}}`));
    expectSameAsGeneral(z.array(v.ScheduleSchema), `[${base},${deep}]`);
  });

  it('take whitespace around the value, and leave whitespace inside to the general way', () => {
    const base = validRecordText(v.ScheduleSchema);
    expect(expectSameAsGeneral(v.ScheduleSchema, ` \n${base}\r\n\t`)).toBe(false); // the reader alone does not trim
    expect(v.validateJson(v.ScheduleSchema, ` \n${base}\r\n\t`)).toStrictEqual(v.validateJson(v.ScheduleSchema, base));
    expectSameAsGeneral(v.ScheduleSchema, JSON.stringify(JSON.parse(base), null, 2));
  });

  it('read pages, z.array() of a record schema, and keep the element paths of the issues', () => {
    const base = validRecordText(v.ScheduleSchema);
    const page = z.array(v.ScheduleSchema);
    const text = `[${base},${base},${base}]`;
    expect(v.validateJson(page, text)).toStrictEqual(v.validate(page, v.parseJson(text)));
    expect((v.parseJsonAs(page, text) as unknown[]).length).toBe(3);
    for (const t of ['[]', ` [${base}] `, `[${base},]`, `[${base}${base}]`, `[${base},null]`]) {
      expect(outcome(() => v.validateJson(page, t))).toStrictEqual(outcome(() => v.validate(page, v.parseJson(t))));
    }
    const bad = `[${base},${base.replace(/^\{"Id":"\d+"/, '{"Id":"x"')}]`;
    const result = v.validateJson(page, bad);
    expect(result.success).toBe(false);
    expect(result.issues).toStrictEqual(v.validate(page, v.parseJson(bad)).issues);
    expect(result.issues[0]).toMatchObject({ path: '[1].Id', rule: 'int64.format' });
    // an array schema with its own checks, or any other schema, goes the general way
    const atLeast5 = page.min(5);
    expect(v.validateJson(atLeast5, text)).toStrictEqual(v.validate(atLeast5, v.parseJson(text)));
    const picked = v.schemaAt('Schedules', '23.1');
    expect(v.validateJson(picked, base)).toStrictEqual(v.validate(picked, v.parseJson(base)));
  });
});

/** The length of the value at `at` of a compact text made of TOKENS (no brace or bracket inside a string). */
function tokenLength(text: string, at: number): number {
  if (text[at] === '"') return text.indexOf('"', at + 1) + 1 - at;
  let depth = 0;
  let end = at;
  for (; end < text.length; end++) {
    const c = text[end] ?? '';
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (depth === 0) break;
      depth--;
      if (depth === 0) return end + 1 - at;
    } else if (c === ',' && depth === 0) break;
  }
  return end - at;
}
