/**
 * What the read resources accept in their query options, as the document advertises it. The
 * runtime's parser (@specgen/runtime-query) implements exactly this; a contract test compares
 * the two lists, so the document never offers an operator the server refuses.
 */

/** Comparison operators of `$filter` (any case); `neq` is production's spelling of `ne`. */
export const FILTER_COMPARISONS = ['eq', 'ne', 'neq', 'gt', 'ge', 'lt', 'le'] as const;
/** Logical operators of `$filter`. */
export const FILTER_LOGICAL = ['and', 'or', 'not'] as const;
/** Functions of `$filter`: `name(field, ...)`. */
export const FILTER_FUNCTIONS = ['isnull', 'isnotnull', 'contains', 'has', 'like', 'not'] as const;

/** Options of a collection read, and of a single-record read. */
export const COLLECTION_OPTIONS = ['$filter', '$select', '$expand', '$orderby', '$top', '$skip'] as const;
export const SINGLE_RECORD_OPTIONS = ['$select', '$expand'] as const;

/** The `$filter` description of the document. */
export function filterDescription(): string {
  return [
    "OData-style filter, e.g. `SerialNumber eq 'A1' and has(BlockContext, 4)`.",
    'Comparison eq, ne (Neq), lt, gt, le, ge; and, or, not;',
    'isnull(field), isnotnull(field), contains(field, a, b, ...) as an IN list, has(bitmask, flag), like(field, pattern).',
    'No arithmetic. Literals must lie in the range of the field type; anything else answers 400 with the position.',
  ].join(' ');
}
