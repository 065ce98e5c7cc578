/** The checked, typed form of a $filter: what the SQL compiler and the in-memory evaluator read. */
import type { CompareOp } from './ast.ts';
import type { QueryField, ScalarValue } from './schema.ts';

export type Condition =
  /** `field op value`; value is never null (null comparisons become `isnull`). */
  | { kind: 'compare'; field: QueryField; op: CompareOp; value: ScalarValue }
  /** isnull(f) (or `f eq null`); `negate` for isnotnull(f) / `f ne null`. */
  | { kind: 'isnull'; field: QueryField; negate: boolean }
  /** contains(f, a, b, ...): f IN (a, b, ...). */
  | { kind: 'in'; field: QueryField; values: ScalarValue[] }
  /** has(f, flag): (f & flag) = flag. */
  | { kind: 'has'; field: QueryField; flag: number }
  /** like(f, pattern): `%` any run, `_` one character, `\` escapes; case-insensitive for A-Z. */
  | { kind: 'like'; field: QueryField; pattern: string }
  | { kind: 'and' | 'or'; left: Condition; right: Condition }
  | { kind: 'not'; operand: Condition };

export interface OrderBy {
  field: QueryField;
  descending: boolean;
}

/** All query options of one request, checked against the resource's schema at the configured version. */
export interface QueryPlan {
  filter: Condition | null;
  /** Selected property names in spec order, or null for all. */
  select: string[] | null;
  expand: string[];
  orderBy: OrderBy[];
  top: number;
  skip: number;
}

/** Names of the fields a condition reads. */
export function conditionFields(c: Condition, into = new Set<string>()): Set<string> {
  switch (c.kind) {
    case 'and':
    case 'or':
      conditionFields(c.left, into);
      return conditionFields(c.right, into);
    case 'not':
      return conditionFields(c.operand, into);
    default:
      return into.add(c.field.name);
  }
}
