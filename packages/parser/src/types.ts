/** The Type column: `Int64?`, `Comments`, `ExtraFields[]`, `Integer` (= Int32, text kept). */
import { closestMatch, didYouMean } from '@specgen/diagnostics';
import type { ScalarKind, TypeExpr } from '@specgen/ir';
import type { Cell } from './blocks.ts';
import type { ParseContext } from './context.ts';

const SCALARS: ReadonlySet<string> = new Set([
  'Int64',
  'Int32',
  'Decimal',
  'Boolean',
  'String',
  'DateTimeOffset',
  'TimeSpan',
]);
/** Spellings the spec uses for a scalar in prose tables. */
const SCALAR_ALIASES: Readonly<Record<string, ScalarKind>> = { Integer: 'Int32' };
/** Every name a type cell may use for a scalar, for suggestions. */
export const SCALAR_NAMES: readonly string[] = [...SCALARS, ...Object.keys(SCALAR_ALIASES)];
/** The scalar meant by a look-alike from another language. */
const LOOKALIKE_HINTS: Readonly<Record<string, string>> = {
  int: 'Int32',
  integer: 'Int32',
  long: 'Int64',
  short: 'Int32',
  byte: 'Int32',
  bool: 'Boolean',
  float: 'Decimal',
  double: 'Decimal',
  single: 'Decimal',
  number: 'Decimal',
  str: 'String',
  guid: 'String',
  date: 'DateTimeOffset',
  datetime: 'DateTimeOffset',
  time: 'TimeSpan',
};
/** Names that look like a scalar but are none of the spec's: almost certainly a typo. */
const SCALAR_LOOKALIKES =
  /^(U?Int\d*|Long|Short|Byte|Float|Double|Single|Number|Bool|Str|Guid|Date|DateTime|Time|Object|Any)$/i;
const SHAPE = /^([A-Za-z_$][A-Za-z0-9_]*)(\[\])?(\?)?$/;

/** Parses a type cell. Ref targets are marked `known: false`; resolution fills `known` later. */
/**
 * The type of each scalar cell text seen (`Int64`, `String?`, `Integer`): one frozen object per text,
 * shared by every field of that type, as the IR is never mutated. A 600-resource spec has about 30,000
 * fields but a dozen scalar type texts; each field's own type object (and its `base`) was about a
 * tenth of what a parse allocated. Reference types stay one object per cell: resolution keys their
 * cells by object (`ParseContext.typeCells`) and copies them to set `known`.
 */
const scalarTypes = new Map<string, TypeExpr>();

export function parseType(ctx: ParseContext, cell: Cell): TypeExpr {
  const text = cell.text.trim();
  const scalar = scalarTypes.get(text);
  if (scalar) return scalar;
  const m = SHAPE.exec(/\s/.test(text) ? text.replace(/\s+/g, '') : text);
  if (!m) {
    ctx.report('unknown-type', `type "${text}" is not a scalar, a resource or structure name, X[] or T?`, cell);
    return {
      text,
      base: { kind: 'ref', target: text, known: false },
      nullable: text.endsWith('?'),
      array: text.includes('[]'),
    };
  }
  const name = m[1]!;
  const array = m[2] !== undefined;
  const nullable = m[3] !== undefined;
  // Own keys only: a type named `toString` or `constructor` is no alias (nor a hint) of Object's prototype.
  const scalarKind = SCALARS.has(name)
    ? (name as ScalarKind)
    : Object.hasOwn(SCALAR_ALIASES, name)
      ? SCALAR_ALIASES[name]
      : undefined;
  if (scalarKind) return sharedScalar(text, scalarKind, nullable, array);
  const typo = scalarTypo(name);
  if (!/^[A-Z]/.test(name) || SCALAR_LOOKALIKES.test(name) || typo !== null) {
    const hint =
      (Object.hasOwn(LOOKALIKE_HINTS, name.toLowerCase()) ? LOOKALIKE_HINTS[name.toLowerCase()] : undefined) ?? typo;
    ctx.report(
      'unknown-type',
      `type "${name}" is not one of Int64, Int32, Decimal, Boolean, String, DateTimeOffset, TimeSpan and not a resource or structure name${hint ? `; did you mean ${hint}?` : ''}`,
      cell,
    );
    return { text, base: { kind: 'ref', target: name, known: false }, nullable, array };
  }
  const type: TypeExpr = { text, base: { kind: 'ref', target: name, known: false }, nullable, array };
  ctx.typeCells.set(type, cell);
  return type;
}

/** `type "X" of Owner.Field ...; did you mean Y?` for a reference that resolution did not find. */
export function unresolvedMessage(target: string, owner: string, field: string, known: Iterable<string>): string {
  return `type "${target}" of ${owner}.${field} is not a scalar, a sign-in structure or a resource of the spec${didYouMean(target, [...SCALAR_NAMES, ...known])}`;
}

/**
 * The scalar a reference name is a typo of, or null: one distance check per distinct name (a
 * 600-resource spec names each resource from about ten cells, each checked against eight scalars).
 */
const scalarTypos = new Map<string, string | null>();

function scalarTypo(name: string): string | null {
  let typo = scalarTypos.get(name);
  if (typo === undefined) {
    typo = closestMatch(name, SCALAR_NAMES);
    // Bounded, as the scalar types are: a long watch session sees renamed resources come and go.
    if (scalarTypos.size >= 10_000) scalarTypos.clear();
    scalarTypos.set(name, typo);
  }
  return typo;
}

function sharedScalar(text: string, scalar: ScalarKind, nullable: boolean, array: boolean): TypeExpr {
  const type: TypeExpr = Object.freeze({ text, base: Object.freeze({ kind: 'scalar', scalar }), nullable, array });
  // A bounded cache: only texts that parse as a scalar (with whitespace removed) get here.
  if (scalarTypes.size < 1000) scalarTypes.set(text, type);
  return type;
}
