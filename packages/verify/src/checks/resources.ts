/**
 * Every read resource of the spec at the version: a resource that exists answers without a
 * session as documented, lists records of the version's shape, honours its query options, reads
 * one record as the list shows it and answers 404 for an unknown one and 400 for an invalid
 * query; a resource introduced later answers 404.
 */
import { READ_MESSAGES, readResourcesAt } from '@specgen/contract';
import type { Resource } from '@specgen/ir';
import { endpointSubject, pathOf, query, type RunContext } from '../context.ts';
import { documentedBodies, expectAnswer, shortBody, type Shown } from '../expect.ts';
import { canonical, int64Text } from '../json-body.ts';
import { querySchema } from '../query-schema.ts';
import { checkFilter, checkOrderBy, checkSelect, checkTopSkip, type OptionContext } from './query-options.ts';
import { checkRecordShape, idOf } from './record-shape.ts';
import { readList, readOne, readRoutes, type ReadRoutes } from './read.ts';

/** An Id no seeded or production record is expected to hold (Int64.MaxValue - 1). */
export const UNKNOWN_ID = '9223372036854775806';

export async function checkResources(ctx: RunContext): Promise<void> {
  const present = new Set(readResourcesAt(ctx.spec, ctx.version).map((r) => r.name));
  await Promise.all(
    ctx.spec.resources
      .filter((r) => r.queryable)
      .map((r) => (present.has(r.name) ? checkResource(ctx, r) : checkAbsent(ctx, r))),
  );
}

/** A resource introduced after the version: its collection path answers 404. */
async function checkAbsent(ctx: RunContext, r: Resource): Promise<void> {
  const routes = readRoutes(ctx, r, null);
  if (!routes) return;
  const shown: Shown = { method: 'GET', path: pathOf(ctx, routes.list), session: true };
  const answer = await ctx.http.send({ method: 'GET', path: shown.path, session: ctx.session });
  if (answer.status !== 404) {
    ctx.findings.check();
    ctx.findings.add({
      check: 'resource.version',
      subject: endpointSubject(routes.list, 404),
      at: r.source,
      request: shown,
      message: `${r.name} is introduced in ${r.introduced}, but answers ${answer.status} at ${ctx.version} (present too early)`,
      expected: '404',
      actual: shortBody(answer),
    });
  } else ctx.findings.check();
}

async function checkResource(ctx: RunContext, r: Resource): Promise<void> {
  const routes = readRoutes(ctx, r);
  if (!routes) return;
  await checkWithoutSession(ctx, r, routes);
  const list = await readList(ctx, r, routes, {}, 'resource.list', endpointSubject(routes.list, 200));
  if (!list) return;
  const rows = list.value;
  const first = rows[0];
  if (first === undefined) {
    ctx.findings.add({
      check: 'resource.list',
      severity: 'warning',
      subject: endpointSubject(routes.list, 200),
      at: r.source,
      request: list.shown,
      message: `${r.name} has no records for this user: fields and query options could not be judged`,
      expected: 'at least one record',
      actual: '[]',
    });
    return;
  }
  checkRecordShape(ctx, r, rows, list.shown);
  const o: OptionContext = { ctx, r, routes, schema: querySchema(r, ctx.version), rows };
  // Independent of each other: in flight together, within the run's concurrency bound.
  await Promise.all([
    checkSelect(o),
    checkFilter(o),
    checkOrderBy(o),
    checkTopSkip(o),
    checkSingle(ctx, r, routes, first),
    checkInvalidQueries(ctx, r, routes),
  ]);
}

async function checkWithoutSession(ctx: RunContext, r: Resource, routes: ReadRoutes): Promise<void> {
  const shown: Shown = { method: 'GET', path: pathOf(ctx, routes.list) };
  const answer = await ctx.http.send({ method: 'GET', path: shown.path });
  expectAnswer(ctx, {
    check: 'resource.session',
    subject: endpointSubject(routes.list, 401),
    at: r.source,
    request: shown,
    answer,
    status: 401,
    bodies: documentedBodies(routes.list, 401),
    route: routes.list,
  });
}

async function checkSingle(
  ctx: RunContext,
  r: Resource,
  routes: ReadRoutes,
  row: Record<string, unknown>,
): Promise<void> {
  const id = int64Text(row['Id']) ?? idOf(row);
  const one = await readOne(ctx, r, routes, id, 'resource.single', endpointSubject(routes.get, 200));
  if (one && ctx.findings.check()) {
    const differs = Object.keys({ ...row, ...one.value }).filter((k) => canonical(row[k]) !== canonical(one.value[k]));
    if (differs.length > 0) {
      ctx.findings.add({
        check: 'resource.single',
        subject: endpointSubject(routes.get, 200),
        at: r.source,
        request: one.shown,
        message: `record ${id} differs from the list's record in ${differs.slice(0, 5).join(', ')}`,
        expected: 'the record as the list shows it',
        actual: `differs in ${differs.join(', ')}`,
      });
    }
  }
  const shown: Shown = { method: 'GET', path: pathOf(ctx, routes.get, UNKNOWN_ID), session: true };
  const answer = await ctx.http.send({ method: 'GET', path: shown.path, session: ctx.session });
  expectAnswer(ctx, {
    check: 'resource.notFound',
    subject: endpointSubject(routes.get, 404),
    at: r.source,
    request: shown,
    answer,
    status: 404,
    bodies: [READ_MESSAGES.notFound(r.name, UNKNOWN_ID)],
    route: routes.get,
  });
}

/** An unknown field in `$filter` answers 400; so does a field of a later version in `$select`. */
async function checkInvalidQueries(ctx: RunContext, r: Resource, routes: ReadRoutes): Promise<void> {
  const bad: Shown = {
    method: 'GET',
    path: `${pathOf(ctx, routes.list)}${query({ $filter: 'NoSuchField eq 1' })}`,
    session: true,
  };
  const answer = await ctx.http.send({ method: 'GET', path: bad.path, session: ctx.session });
  expectAnswer(ctx, {
    check: 'query.invalid',
    subject: endpointSubject(routes.list, 400),
    at: r.source,
    request: bad,
    answer,
    status: 400,
    bodies: [],
    route: routes.list,
  });
  const now = querySchema(r, ctx.version);
  const later = r.fields.find(
    (f) => f.since !== null && !now.fields.has(f.name) && f.type.base.kind === 'scalar' && !f.type.array,
  );
  if (!later) return;
  const shown: Shown = {
    method: 'GET',
    path: `${pathOf(ctx, routes.list)}${query({ $select: `Id,${later.name}` })}`,
    session: true,
  };
  const selected = await ctx.http.send({ method: 'GET', path: shown.path, session: ctx.session });
  expectAnswer(ctx, {
    check: 'resource.version',
    subject: `${r.name}.${later.name}`,
    at: later.source,
    request: shown,
    answer: selected,
    status: 400,
    bodies: [],
    route: routes.list,
  });
}
