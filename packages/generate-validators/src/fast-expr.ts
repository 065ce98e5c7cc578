/**
 * The fast path of one object schema: a plain function, printed beside the zod schema, that checks
 * and decodes a whole record with the helpers of the generated `fast.ts` and returns the value the
 * zod schema would return, or `fast.INVALID` for zod to decide (docs/decisions/validators.md).
 * Mirrors zod-expr.ts field by field. The type tests are printed inline and `INVALID` is a local of
 * the parser (a `fast.INVALID` namespace load per field cost about 9% of a record on Node 20).
 */
import type { Field, Spec } from '@specgen/ir';
import { byValue, isIdentifier, isNullable, propertyKey, refTypeName, scalarOf } from '@specgen/generate-core';
import { naming } from '@specgen/naming';
import { namesByIndex } from './index-names.ts';

const SCALAR_PARSER = {
  Int64: 'fast.int64',
  Int32: 'fast.int32',
  Decimal: 'fast.decimal',
  Boolean: 'fast.boolean',
  String: 'fast.string',
  DateTimeOffset: 'fast.dateTimeOffset',
  TimeSpan: 'fast.timeSpan',
} as const;

export interface ParserField {
  /** The key as a property name in the output literal (`Id`, `"Odd-Key"`). */
  key: string;
  /** The read of the field from `input`: `input.Id`, `input["Odd-Key"]`. */
  read: string;
  /**
   * A value kept as sent (a string, a date, an Int32...): the condition on `v<i>` that refuses it,
   * and the output takes `v<i>` itself. Null for a value the parser decodes (Int64, Decimal, a
   * nested object, an array), which `parserSteps` parses with `expr`.
   */
  refuse: string | null;
  /** The expression that parses `v<i>` to the output value or `fast.INVALID` (every field). */
  expr: string;
}

/**
 * The fields of the parser, or null when the schema gets none: an optional field (zod keeps an
 * absent key absent, which a plain literal cannot say) or a `__proto__` key (a literal would set
 * the prototype). Such schemas stay on zod's compiled parser. `views`: the records view's fields, in the
 * order of `fields` (each says whether its field is optional).
 */
export function parserFields(
  spec: Spec,
  fields: readonly Field[],
  views: readonly { readonly optional: boolean }[],
): ParserField[] | null {
  if (fields.some((f, i) => views[i]?.optional === true || f.name === '__proto__')) return null;
  return fields.map((f, i) => {
    const { key, read } = namesOf(f.name);
    const plain = plainOf(f);
    const texts = plain === null ? fieldTexts(spec, f, i) : plainTexts(plain, f, i);
    return { key, read, refuse: texts.refuse, expr: texts.expr };
  });
}

/** A field's condition that refuses `v<i>` (null: decoded) and the expression that parses it. */
function fieldTexts(spec: Spec, f: Field, i: number): { refuse: string | null; expr: string } {
  const v = valueName(i);
  const refuse = refuseCondition(f, v);
  return {
    refuse:
      refuse !== null && isNullable(f) ? `${v} !== null && ${refuse.includes('||') ? `(${refuse})` : refuse}` : refuse,
    expr: fieldExpr(spec, f, v),
  };
}

/**
 * A single scalar without an enumeration: its texts depend only on its kind (and maximum length),
 * whether it is nullable, and its index, so they are made once per such kind and index and shared by
 * the records (most fields of a spec; fewer strings to make, and flat ones to copy into the file).
 */
function plainTexts(plain: Map<number, Texts>, f: Field, i: number): Texts {
  let texts = plain.get(i);
  if (texts === undefined) {
    texts = fieldTexts(EMPTY_SPEC, f, i);
    plain.set(i, texts);
  }
  return texts;
}
type Texts = { refuse: string | null; expr: string };
/** fieldTexts reads the spec only for references, which plain fields are not. */
const EMPTY_SPEC = {} as Spec;

/** The texts by index of the field's kind, or null when the field is not plain (plainTexts). */
function plainOf(f: Field): Map<number, Texts> | null {
  if (f.type.array) return null;
  const scalar = scalarOf(f);
  if (scalar === null) return null;
  if (scalar === 'Int32' && f.enumeration && f.enumeration.values.length > 0) return null;
  const nullable = isNullable(f) ? 1 : 0;
  if (scalar === 'String' && f.maxLength !== null) {
    let byLength = PLAIN_STRINGS.get(f.maxLength);
    if (byLength === undefined) {
      if (PLAIN_STRINGS.size >= 1_000) PLAIN_STRINGS.clear();
      byLength = [new Map(), new Map()];
      PLAIN_STRINGS.set(f.maxLength, byLength);
    }
    return byLength[nullable];
  }
  return PLAIN[scalar][nullable];
}
const PLAIN = Object.fromEntries(Object.keys(SCALAR_PARSER).map((kind) => [kind, [new Map(), new Map()]])) as Record<
  keyof typeof SCALAR_PARSER,
  [Map<number, Texts>, Map<number, Texts>]
>;
const PLAIN_STRINGS = new Map<number, [Map<number, Texts>, Map<number, Texts>]>();

/** `v<i>`, the parser's and the reader's variable of field `i`. */
export const valueName = namesByIndex('v');

/** A field's key and its read from `input`, one object per name (names repeat across records); forgotten past 50,000. */
function namesOf(name: string): { key: string; read: string } {
  let names = NAMES.get(name);
  if (names === undefined) {
    if (NAMES.size >= 50_000) NAMES.clear();
    names = {
      key: propertyKey(name),
      read: isIdentifier(name) ? `input.${name}` : `input[${JSON.stringify(name)}]`,
    };
    NAMES.set(name, names);
  }
  return names;
}
const NAMES = new Map<string, { key: string; read: string }>();

/** An enumeration's values in ascending order, as numbers (one array per enumeration object). */
function sortedValues(values: readonly { value: number }[]): readonly number[] {
  let sorted = SORTED.get(values);
  if (sorted === undefined) {
    sorted = byValue(values).map((v) => v.value);
    SORTED.set(values, sorted);
  }
  return sorted;
}
const SORTED = new WeakMap<readonly { value: number }[], readonly number[]>();

/** For a single value that the parser keeps as sent: the condition that refuses `v`. Null for the kinds it decodes. */
function refuseCondition(field: Field, v: string): string | null {
  const scalar = scalarOf(field);
  if (field.type.array || scalar === null) return null;
  const e = field.enumeration;
  if (scalar === 'Int32' && e && e.values.length > 0) {
    if (e.bitmask) {
      const mask = e.values.reduce((m, value) => m | value.value, 0);
      return `typeof ${v} !== 'number' || (${v} | 0) !== ${v} || ${v} < 0 || (${v} & ~${mask}) !== 0`;
    }
    return sortedValues(e.values)
      .map((value) => `${v} !== ${value}`)
      .join(' && ');
  }
  switch (scalar) {
    case 'Int32':
      return `typeof ${v} !== 'number' || (${v} | 0) !== ${v}`;
    case 'Boolean':
      return `typeof ${v} !== 'boolean'`;
    case 'String':
      return field.maxLength === null
        ? `typeof ${v} !== 'string'`
        : `typeof ${v} !== 'string' || ${v}.length > ${field.maxLength}`;
    case 'DateTimeOffset':
      return `typeof ${v} !== 'string' || !fast.isDateTimeOffset(${v})`;
    case 'TimeSpan':
      return `typeof ${v} !== 'string' || !fast.isTimeSpan(${v})`;
    default:
      return null;
  }
}

function fieldExpr(spec: Spec, field: Field, input: string): string {
  const item = (value: string) => itemExpr(spec, field, value);
  let expr: string;
  if (!field.type.array) {
    expr = item(input);
  } else if (scalarOf(field) === null) {
    expr = `fast.arrayOf(${input}, ${refSchema(spec, field)})`;
  } else {
    expr = `fast.array(${input}, (item) => ${item('item')})`;
  }
  return isNullable(field) ? `${input} === null ? null : ${expr}` : expr;
}

export function refSchema(spec: Spec, field: Field): string {
  return naming.schema(refTypeName(spec, (field.type.base as { target: string }).target));
}

/** One value of the field's item type -> the output value or INVALID. */
export function itemExpr(spec: Spec, field: Field, value: string): string {
  const scalar = scalarOf(field);
  if (scalar === null) return `fast.nested(${refSchema(spec, field)}, ${value})`;
  const e = field.enumeration;
  if (scalar === 'Int32' && e && e.values.length > 0) {
    if (e.bitmask) return `fast.bitmask(${value}, ${e.values.reduce((mask, v) => mask | v.value, 0)})`;
    const values = sortedValues(e.values);
    return `(${values.map((v) => `${value} === ${v}`).join(' || ')} ? ${value} : fast.INVALID)`;
  }
  if (scalar === 'String' && field.maxLength !== null) return `fast.stringOf(${value}, ${field.maxLength})`;
  // the common case of the decoded kinds tested inline, the helper for the rest
  if (scalar === 'Int64') return `typeof ${value} === 'string' ? fast.int64FromString(${value}) : fast.int64(${value})`;
  if (scalar === 'Decimal')
    return `typeof ${value} === 'number' && ${value} - ${value} === 0 ? ${value} : fast.decimal(${value})`;
  return `${SCALAR_PARSER[scalar]}(${value})`;
}
