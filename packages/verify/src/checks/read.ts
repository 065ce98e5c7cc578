/**
 * Reading a resource with a session: a list (with query options) or one record, judged for
 * status, content type and JSON shape. A failed read becomes one finding and returns null, so
 * the check that asked stops there.
 */
import { collectionPath, recordPath, routes, withinPrefix, type RouteContract } from '@specgen/contract';
import type { Resource } from '@specgen/ir';
import { pathOf, query, type RunContext } from '../context.ts';
import { shortBody, type Shown } from '../expect.ts';
import { parseJson } from '../json-body.ts';
import type { Answer } from '../http.ts';

export type Row = Record<string, unknown>;

export interface ReadRoutes {
  list: RouteContract;
  get: RouteContract;
}

/** The list and get routes of the resource at `version` (the run's; null: every version), if it has them. */
export function readRoutes(ctx: RunContext, r: Resource, version: string | null = ctx.version): ReadRoutes | null {
  const table = routes(ctx.spec, version);
  const list = table.find((x) => x.kind === 'list' && x.resource === r.name);
  const get = table.find((x) => x.kind === 'get' && x.resource === r.name);
  return list && get ? { list, get } : null;
}

/** `Schedules $orderby` */
export const optionSubject = (r: Resource, option: string) => `${r.name} ${option}`;

/** `/api/v1/TimeRecording/Schedules` or `.../{Id}` as a subject tail. */
export const readTail = (ctx: RunContext, r: Resource, single = false) =>
  withinPrefix(single ? recordPath(ctx.spec, r) : collectionPath(ctx.spec, r));

export interface ReadResult<T> {
  value: T;
  answer: Answer;
  shown: Shown;
}

/** GET the list with options; the rows, or null after a finding (not 200, not JSON, not an array). */
export async function readList(
  ctx: RunContext,
  r: Resource,
  routes: ReadRoutes,
  options: Record<string, string>,
  check: string,
  subject: string,
): Promise<ReadResult<Row[]> | null> {
  const shown: Shown = { method: 'GET', path: `${pathOf(ctx, routes.list)}${query(options)}`, session: true };
  const result = await read(ctx, r, shown, check, subject);
  if (!result) return null;
  if (
    !Array.isArray(result.value) ||
    !result.value.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x))
  ) {
    ctx.findings.add({
      check,
      subject,
      at: r.source,
      request: shown,
      message: 'the list is not a bare JSON array of records',
      expected: 'a JSON array of objects',
      actual: shortBody(result.answer),
    });
    return null;
  }
  return { ...result, value: result.value as Row[] };
}

/** GET one record; the record, or null after a finding. */
export async function readOne(
  ctx: RunContext,
  r: Resource,
  routes: ReadRoutes,
  id: string,
  check: string,
  subject: string,
): Promise<ReadResult<Row> | null> {
  const shown: Shown = { method: 'GET', path: pathOf(ctx, routes.get, id), session: true };
  const result = await read(ctx, r, shown, check, subject);
  if (!result) return null;
  if (result.value === null || typeof result.value !== 'object' || Array.isArray(result.value)) {
    ctx.findings.add({
      check,
      subject,
      at: r.source,
      request: shown,
      message: 'the record is not a JSON object',
      expected: 'a JSON object',
      actual: shortBody(result.answer),
    });
    return null;
  }
  return { ...result, value: result.value as Row };
}

async function read(
  ctx: RunContext,
  r: Resource,
  shown: Shown,
  check: string,
  subject: string,
): Promise<ReadResult<unknown> | null> {
  const answer = await ctx.http.send({ method: 'GET', path: shown.path, session: ctx.session });
  ctx.findings.check();
  const base = { check, subject, at: r.source, request: shown };
  if (answer.status !== 200) {
    ctx.findings.add({
      ...base,
      message: `answered ${answer.status} instead of 200`,
      expected: '200 application/json',
      actual: shortBody(answer),
    });
    return null;
  }
  if (answer.contentType !== 'application/json') {
    ctx.findings.add({
      ...base,
      message: `the content type is "${answer.contentType}", not JSON`,
      expected: 'application/json',
      actual: shortBody(answer),
    });
    return null;
  }
  const parsed = parseJson(answer.text);
  if (!parsed.ok) {
    ctx.findings.add({
      ...base,
      message: `the body is not JSON (${parsed.error})`,
      expected: 'JSON',
      actual: shortBody(answer),
    });
    return null;
  }
  return { value: parsed.value, answer, shown };
}
