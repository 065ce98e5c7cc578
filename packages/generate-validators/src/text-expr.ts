/**
 * The reader of one object schema: a plain function, printed beside its parser (fast-expr.ts), that
 * reads the same record straight from JSON text with the helpers of the generated `read.ts`, for
 * `validateJson` and `parseJsonAs` (docs/decisions/validators.md). Each field's value is read with the
 * token reader of its JSON type and then checked exactly as the parser checks the value `JSON.parse`
 * gives (the parser's own conditions and expressions), so both answer the same.
 */
import type { Field, Spec } from '@specgen/ir';
import { isNullable, scalarOf } from '@specgen/generate-core';
import { type ParserField, itemExpr, refSchema, valueName } from './fast-expr.ts';
import { namesByIndex } from './index-names.ts';

export interface ReaderField {
  /** The key and its colon as they stand in compact JSON text: `"Id":`. */
  key: string;
  /** The read of the value, around its position in the text: `read.int64(text, ` + position + `)`. */
  head: string;
  tail: string;
  /** The condition on the value read (`v<i>` kept as sent, `f<i>` decoded, as in the parser) that refuses it. */
  refuse: string;
  /** The JSON tokens the gate lets through for the value, as a regular expression (read.ts, `gated`). */
  pattern: string;
  /** The reader's variable of the value, as the parser's: `v<i>` kept as sent, `f<i>` decoded. */
  value: string;
  /** Where the value starts after the reader's position before the key: the `{` or `,`, the key and its colon. */
  offset: number;
  /** The field's part of the gate's source: the `\{` or `,`, the key (escaped) and `pattern`, and `\}` after the last. */
  gate: string;
}

/** Characters with a meaning in a regular expression outside a class (and `/`, which ends a literal). */
const SPECIAL = /[\\^$.*+?()[\]{}|/]/g;

/** The token reader of read.ts for one value of a scalar kind. */
const TOKEN = {
  Int64: 'read.int64',
  Int32: 'read.number',
  Decimal: 'read.number',
  Boolean: 'read.boolean',
  String: 'read.string',
  DateTimeOffset: 'read.string',
  TimeSpan: 'read.string',
} as const;

/**
 * A JSON string without escapes or control characters: its value is its characters. The class is
 * every code unit from the space up but `"` and `\` (written without control characters, which a
 * linter refuses in a regular expression).
 */
const STRING = String.raw`"[ !#-[\]-\uffff]*"`;
const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
/** The tokens the gate lets through for a value of each kind (the readers decide on the value). */
const PATTERN = {
  Int64: String.raw`"-?\d+"|-?\d+`,
  Int32: NUMBER,
  Decimal: NUMBER,
  Boolean: 'true|false',
  String: STRING,
  DateTimeOffset: STRING,
  TimeSpan: STRING,
} as const;

/** Each kind's tokens as a group, without and with `null` (made once, not once per field). */
const GROUPED = Object.fromEntries(
  Object.entries(PATTERN).map(([kind, tokens]) => [kind, [`(?:${tokens})`, `(?:null|${tokens})`]]),
) as Record<keyof typeof PATTERN, [string, string]>;
const NULL_PATTERN = '(?:null)';

/** The reader's fields, one per parser field (null without a parser). */
export function readerFields(
  spec: Spec,
  fields: readonly Field[],
  parser: readonly ParserField[] | null,
): ReaderField[] | null {
  // a nested record or array passes the gate only as null: none when one is required
  // (and none for an empty object, which the gate cannot print)
  if (parser === null || fields.length === 0) return null;
  if (fields.some((f) => (f.type.array || scalarOf(f) === null) && !isNullable(f))) return null;
  const lastIndex = fields.length - 1;
  return fields.map((f, i) => {
    const p = parser[i] as ParserField;
    const { head, tail } = readOf(spec, f);
    const keys = keysOf(f.name);
    const key = keys.key;
    const scalar = scalarOf(f);
    const nullable = isNullable(f);
    const pattern = f.type.array || scalar === null ? NULL_PATTERN : GROUPED[scalar][nullable ? 1 : 0];
    const gate = i > 0 && i < lastIndex ? middleGate(keys, pattern) : edgeGate(keys.gateKey, pattern, i, lastIndex);
    const offset = key.length + 1;
    // a value kept as sent: the parser's condition (which refuses INVALID and, for a field that is not
    // nullable, null); a decoded one: INVALID, and null where the field is not nullable
    if (p.refuse !== null) return { key, head, tail, refuse: p.refuse, value: valueName(i), pattern, offset, gate };
    const refuse = decodedRefuse(scalar === 'Decimal' && !f.type.array ? (nullable ? 3 : 2) : nullable ? 1 : 0, i);
    return { key, head, tail, refuse, value: decodedName(i), pattern, offset, gate };
  });
}

/** The gate's part of a field neither first nor last: `,`, the key and the pattern, one string per name and pattern. */
function middleGate(keys: Keys, pattern: string): string {
  keys.gates ??= new Map();
  let gate = keys.gates.get(pattern);
  if (gate === undefined) {
    gate = `,${keys.gateKey}${pattern}`;
    keys.gates.set(pattern, gate);
  }
  return gate;
}

function edgeGate(gateKey: string, pattern: string, i: number, lastIndex: number): string {
  return `${i === 0 ? '\\{' : ','}${gateKey}${pattern}${i === lastIndex ? '\\}' : ''}`;
}

/** `f<i>`, the variable of a decoded value. */
const decodedName = namesByIndex('f');

/**
 * The condition that refuses decoded value `f<i>`, by variant (0: not nullable, 1: nullable, 2: a
 * Decimal, 3: a nullable Decimal): one string per variant and index.
 */
function decodedRefuse(variant: 0 | 1 | 2 | 3, i: number): string {
  const byIndex = DECODED_REFUSE[variant];
  let refuse = byIndex[i];
  if (refuse === undefined) {
    const f_ = decodedName(i);
    refuse =
      variant >= 2
        ? `typeof ${f_} !== 'number'${variant === 3 ? ` && ${f_} !== null` : ''}`
        : `${f_} === INVALID${variant === 1 ? '' : ` || ${f_} === null`}`;
    byIndex[i] = refuse;
  }
  return refuse;
}
const DECODED_REFUSE: [string[], string[], string[], string[]] = [[], [], [], []];

/** A field's key with its colon as JSON text, and that as a regular expression: one object per name (forgotten past 50,000). */
function keysOf(name: string): Keys {
  let keys = KEYS.get(name);
  if (keys === undefined) {
    if (KEYS.size >= 50_000) KEYS.clear();
    const key = `${JSON.stringify(name)}:`;
    keys = { key, gateKey: key.replace(SPECIAL, '\\$&') };
    KEYS.set(name, keys);
  }
  return keys;
}
const KEYS = new Map<string, Keys>();

/** The read of a single scalar of each kind (one object per kind). */
const SCALAR_READS = Object.fromEntries(
  Object.entries(TOKEN).map(([kind, token]) => [kind, { head: `${token}(text, `, tail: ')' }]),
) as Record<keyof typeof TOKEN, { head: string; tail: string }>;
/** A name's key, its gate form, and (made when first needed) its gates between the first and last field by pattern. */
type Keys = { key: string; gateKey: string; gates?: Map<string, string> };

function readOf(spec: Spec, field: Field): { head: string; tail: string } {
  const scalar = scalarOf(field);
  if (!field.type.array) {
    if (scalar === null) return { head: `read.nested(${refSchema(spec, field)}, text, `, tail: ')' };
    return SCALAR_READS[scalar];
  }
  if (scalar === null) return { head: `read.arrayOf(${refSchema(spec, field)}, text, `, tail: ')' };
  // an element: its token, then the parser's check of one item (which refuses null and INVALID)
  const element = `(text, at) => {\n    const item = ${TOKEN[scalar]}(text, at);\n    return ${itemExpr(spec, field, 'item')};\n  }`;
  return { head: 'read.array(text, ', tail: `, ${element})` };
}
