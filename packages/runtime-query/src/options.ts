/**
 * Parses and checks the query options of one request against a resource's schema:
 * $filter, $select, $expand, $orderby, $top, $skip. Anything else starting with `$` is refused.
 */
import { checkFilter } from './check-filter.ts';
import type { OrderBy, QueryPlan } from './condition.ts';
import { QueryError } from './errors.ts';
import { parseFilter } from './parse-filter.ts';
import { describeUnknownField, type QuerySchema } from './schema.ts';

export const COLLECTION_OPTIONS = ['$filter', '$select', '$expand', '$orderby', '$top', '$skip'] as const;
export const SINGLE_RECORD_OPTIONS = ['$select', '$expand'] as const;

export type RawQuery = Record<string, string | string[] | undefined>;

interface Item {
  text: string;
  pos: number;
}

/** Splits a comma list, keeping each item's 1-based position; empty items are errors. */
function commaList(option: string, value: string): Item[] {
  const items: Item[] = [];
  let start = 0;
  for (const part of value.split(',')) {
    const lead = part.length - part.trimStart().length;
    const text = part.trim();
    if (text === '') throw new QueryError(option, 'empty item in list', start + 1);
    items.push({ text, pos: start + lead + 1 });
    start += part.length + 1;
  }
  return items;
}

function parseSelect(value: string, schema: QuerySchema): string[] {
  const names = new Set<string>();
  for (const item of commaList('$select', value)) {
    if (!schema.fields.has(item.text) && !schema.expandable.has(item.text)) {
      throw new QueryError('$select', describeUnknownField(schema, item.text), item.pos);
    }
    names.add(item.text);
  }
  return [...names];
}

function parseExpand(value: string, schema: QuerySchema): string[] {
  const names = new Set<string>();
  for (const item of commaList('$expand', value)) {
    if (schema.expandable.has(item.text)) names.add(item.text);
    else if (schema.fields.has(item.text))
      throw new QueryError('$expand', `"${item.text}" is not expandable`, item.pos);
    else throw new QueryError('$expand', describeUnknownField(schema, item.text), item.pos);
  }
  return [...names];
}

function parseOrderBy(value: string, schema: QuerySchema): OrderBy[] {
  const seen = new Set<string>();
  return commaList('$orderby', value).map((item) => {
    const m = /^(\S+)(?:\s+(\S+))?$/.exec(item.text);
    const name = m?.[1] ?? item.text;
    const direction = m?.[2]?.toLowerCase();
    if (!m || (direction !== undefined && direction !== 'asc' && direction !== 'desc')) {
      const at = m?.[2] ? item.pos + item.text.lastIndexOf(m[2]) : item.pos;
      throw new QueryError('$orderby', `expected "<field> [asc|desc]" but found "${item.text}"`, at);
    }
    const field = schema.fields.get(name);
    if (!field) {
      if (schema.expandable.has(name))
        throw new QueryError('$orderby', `"${name}" is an expandable property and cannot be sorted by`, item.pos);
      throw new QueryError('$orderby', describeUnknownField(schema, name), item.pos);
    }
    if (seen.has(name)) throw new QueryError('$orderby', `"${name}" appears twice`, item.pos);
    seen.add(name);
    return { field, descending: direction === 'desc' };
  });
}

function parseCount(option: '$top' | '$skip', value: string, max: number): number {
  const lead = value.length - value.trimStart().length;
  const text = value.trim();
  if (!/^\d+$/.test(text)) throw new QueryError(option, `expected a non-negative integer, got "${value}"`, lead + 1);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n > max)
    throw new QueryError(option, `must be at most ${max}, got ${text}`, lead + 1);
  return n;
}

function single(raw: RawQuery, option: string): string | undefined {
  const value = raw[option];
  if (Array.isArray(value)) throw new QueryError(option, 'given more than once', null);
  return value;
}

export function parseQueryOptions(
  raw: RawQuery,
  schema: QuerySchema,
  allowed: readonly string[] = COLLECTION_OPTIONS,
): QueryPlan {
  for (const key of Object.keys(raw)) {
    if (key.startsWith('$') && !allowed.includes(key)) {
      const known = (COLLECTION_OPTIONS as readonly string[]).includes(key);
      throw new QueryError(key, known ? 'not allowed for a single record' : 'unknown query option', null);
    }
  }
  const filter = single(raw, '$filter');
  const select = single(raw, '$select');
  const expand = single(raw, '$expand');
  const orderby = single(raw, '$orderby');
  const top = single(raw, '$top');
  const skip = single(raw, '$skip');
  return {
    filter: filter === undefined ? null : checkFilter(parseFilter(filter), schema),
    select: select === undefined ? null : parseSelect(select, schema),
    expand: expand === undefined ? [] : parseExpand(expand, schema),
    orderBy: orderby === undefined ? [] : parseOrderBy(orderby, schema),
    top: top === undefined ? schema.defaultTop : parseCount('$top', top, schema.maxTop),
    skip: skip === undefined ? 0 : parseCount('$skip', skip, Number.MAX_SAFE_INTEGER),
  };
}
