/**
 * The query options of a list, judged by their meaning rather than their shape: `$select` gives
 * exactly the selected fields, every row of a `$filter` satisfies it (judged by runtime-query's
 * evaluator) and `Id eq` finds exactly that record, `$orderby` holds for two keys in both
 * directions, `$top` caps the rows, and `$skip` pages tile one larger page.
 */
import type { Resource } from '@specgen/ir';
import { evaluate, type QueryField, type QuerySchema } from '@specgen/runtime-query';
import type { RunContext } from '../context.ts';
import type { Shown } from '../expect.ts';
import { int64Text } from '../json-body.ts';
import { compareNullable, condition, literal, typedRecord, typedValue } from '../query-schema.ts';
import { idOf } from './record-shape.ts';
import { optionSubject, readList, type ReadRoutes, type Row } from './read.ts';

export interface OptionContext {
  ctx: RunContext;
  r: Resource;
  routes: ReadRoutes;
  schema: QuerySchema;
  /** The rows of the default list. */
  rows: Row[];
}

const SORTABLE = new Set(['Int32', 'Int64', 'Decimal', 'Boolean', 'DateTimeOffset', 'TimeSpan']);

function fail(o: OptionContext, option: string, shown: Shown, message: string, expected: string, actual: string): void {
  o.ctx.findings.add({
    check: `query.${option.slice(1)}`,
    subject: optionSubject(o.r, option),
    at: o.r.source,
    request: shown,
    message,
    expected,
    actual,
  });
}

const ids = (rows: Row[]) => rows.map((row) => int64Text(row['Id']) ?? idOf(row));

export async function checkSelect(o: OptionContext): Promise<void> {
  const picked = ['Id', ...[...o.schema.fields.keys()].filter((n) => n !== 'Id').slice(0, 2)];
  const got = await readList(
    o.ctx,
    o.r,
    o.routes,
    { $select: picked.join(','), $top: '5' },
    'query.select',
    optionSubject(o.r, '$select'),
  );
  if (!got) return;
  o.ctx.findings.check();
  const wrong = got.value.find((row) => Object.keys(row).sort().join(',') !== [...picked].sort().join(','));
  if (wrong)
    fail(
      o,
      '$select',
      got.shown,
      'a record carries other fields than the selected ones',
      picked.join(','),
      Object.keys(wrong).join(','),
    );
}

/** A scalar field (not Id) whose values differ between rows, with a value to filter on. */
function discriminating(o: OptionContext): { field: QueryField; text: string } | null {
  const typed = o.rows.map((row) => typedRecord(o.schema, row));
  for (const field of o.schema.fields.values()) {
    if (field.name === 'Id' || field.type === 'DateTimeOffset' || field.type === 'TimeSpan' || field.type === 'Decimal')
      continue;
    const values = typed.map((t) => t[field.name]).filter((v) => v !== undefined && v !== null);
    const first = values[0];
    if (first === undefined || first === null || !values.some((v) => compareNullable(v, first) !== 0)) continue;
    const text = literal(field, first);
    if (text !== null) return { field, text };
  }
  return null;
}

export async function checkFilter(o: OptionContext): Promise<void> {
  const subject = optionSubject(o.r, '$filter');
  const target = ids(o.rows)[Math.floor(o.rows.length / 2)];
  if (target !== undefined) {
    const got = await readList(o.ctx, o.r, o.routes, { $filter: `Id eq ${target}` }, 'query.filter', subject);
    if (got && o.ctx.findings.check()) {
      const found = ids(got.value);
      if (found.length !== 1 || found[0] !== target)
        fail(
          o,
          '$filter',
          got.shown,
          `Id eq ${target} did not return exactly that record`,
          `[${target}]`,
          `[${found.join(', ')}]`,
        );
    }
  }
  const pick = discriminating(o);
  if (!pick) return;
  for (const op of ['eq', 'ne']) {
    const text = `${pick.field.name} ${op} ${pick.text}`;
    const got = await readList(o.ctx, o.r, o.routes, { $filter: text }, 'query.filter', subject);
    if (!got) continue;
    o.ctx.findings.check();
    const cond = condition(o.schema, text);
    const bad = got.value.find((row) => !evaluate(cond, typedRecord(o.schema, row)));
    if (bad)
      fail(
        o,
        '$filter',
        got.shown,
        `record ${idOf(bad)} does not satisfy ${text}`,
        `every record satisfies ${text}`,
        `${pick.field.name} = ${JSON.stringify(String(bad[pick.field.name]))}`,
      );
    else if (got.value.length === 0)
      fail(
        o,
        '$filter',
        got.shown,
        `${text} returned nothing, though the default list has such records`,
        'at least one record',
        'none',
      );
  }
}

/** A sortable field that is never null, preferring one with ties (so the second key matters). */
function sortKey(o: OptionContext): QueryField | null {
  const candidates = [...o.schema.fields.values()].filter(
    (f) => f.name !== 'Id' && !f.nullable && SORTABLE.has(f.type),
  );
  const withTies = candidates.find(
    (f) => new Set(o.rows.map((row) => String(typedValue(f, row[f.name])))).size < o.rows.length,
  );
  return withTies ?? candidates[0] ?? null;
}

export async function checkOrderBy(o: OptionContext): Promise<void> {
  const subject = optionSubject(o.r, '$orderby');
  const key = sortKey(o);
  const orders: Array<Array<[string, boolean]>> = [
    [['Id', true]],
    ...(key
      ? [
          [
            [key.name, false],
            ['Id', true],
          ] as Array<[string, boolean]>,
          [
            [key.name, true],
            ['Id', false],
          ] as Array<[string, boolean]>,
        ]
      : []),
  ];
  for (const order of orders) {
    const text = order.map(([n, desc]) => `${n} ${desc ? 'desc' : 'asc'}`).join(',');
    const got = await readList(o.ctx, o.r, o.routes, { $orderby: text }, 'query.orderby', subject);
    if (!got) continue;
    o.ctx.findings.check();
    const typed = got.value.map((row) => typedRecord(o.schema, row));
    const at = typed.findIndex((t, i) => {
      const previous = typed[i - 1];
      return previous !== undefined && compareRows(previous, t, order) > 0;
    });
    const [before, after] = [got.value[at - 1], got.value[at]];
    if (before && after)
      fail(
        o,
        '$orderby',
        got.shown,
        `records ${idOf(before)} and ${idOf(after)} are out of the order ${text}`,
        text,
        ids(got.value)
          .slice(Math.max(0, at - 2), at + 2)
          .join(', '),
      );
  }
}

function compareRows(a: Record<string, unknown>, b: Record<string, unknown>, order: Array<[string, boolean]>): number {
  for (const [name, desc] of order) {
    const d = compareNullable(a[name] as never, b[name] as never);
    if (d !== 0) return desc ? -d : d;
  }
  return 0;
}

export async function checkTopSkip(o: OptionContext): Promise<void> {
  const page = 2;
  const whole = await readList(
    o.ctx,
    o.r,
    o.routes,
    { $orderby: 'Id asc', $top: String(page * 2) },
    'query.top',
    optionSubject(o.r, '$top'),
  );
  if (!whole) return;
  o.ctx.findings.check();
  const expected = Math.min(page * 2, o.rows.length);
  if (whole.value.length > page * 2 || whole.value.length < expected) {
    fail(
      o,
      '$top',
      whole.shown,
      `$top=${page * 2} returned ${whole.value.length} records`,
      `${expected} records`,
      String(whole.value.length),
    );
    return;
  }
  const first = await readList(
    o.ctx,
    o.r,
    o.routes,
    { $orderby: 'Id asc', $top: String(page) },
    'query.skip',
    optionSubject(o.r, '$skip'),
  );
  const second = await readList(
    o.ctx,
    o.r,
    o.routes,
    { $orderby: 'Id asc', $top: String(page), $skip: String(page) },
    'query.skip',
    optionSubject(o.r, '$skip'),
  );
  if (!first || !second) return;
  o.ctx.findings.check();
  const tiled = [...ids(first.value), ...ids(second.value)].join(', ');
  if (tiled !== ids(whole.value).join(', ')) {
    fail(
      o,
      '$skip',
      second.shown,
      `$top=${page} and $top=${page}&$skip=${page} do not tile $top=${page * 2}`,
      ids(whole.value).join(', '),
      tiled,
    );
  }
}
