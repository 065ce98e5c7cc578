/** Syntax tree of a $filter expression as written, with positions; `check.ts` gives it types. */
export type CompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

export type LiteralKind = 'null' | 'string' | 'number' | 'boolean' | 'datetime';

export type FilterNode =
  | { type: 'field'; name: string; pos: number }
  | { type: 'literal'; kind: LiteralKind; text: string; pos: number }
  | { type: 'compare'; op: CompareOp; left: FilterNode; right: FilterNode; pos: number }
  | { type: 'and' | 'or'; left: FilterNode; right: FilterNode; pos: number }
  | { type: 'not'; operand: FilterNode; pos: number }
  | { type: 'call'; name: string; args: FilterNode[]; pos: number };

export const COMPARE_OPS: Record<string, CompareOp> = {
  eq: 'eq',
  ne: 'ne',
  neq: 'ne',
  gt: 'gt',
  ge: 'ge',
  lt: 'lt',
  le: 'le',
};

export const FUNCTIONS = ['isnull', 'isnotnull', 'contains', 'has', 'like', 'not'] as const;
