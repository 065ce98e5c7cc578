/**
 * Fastify routes of the read resources, registered inside `/:languageCode/:companyNumber`:
 *   GET api/v1/<Area>/<Resource>        a page of records (bare JSON array)
 *   GET api/v1/<Area>/<Resource>/:Id    one record, 404 `"<Resource> <Id> was not found"`
 * 401 without a valid session, 403 without the resource's permission, 400 for bad query options.
 * Resources introduced after the configured service version get no route (404).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { availableAt } from '@specgen/ir';
import { isQueryError, parseInt64, parseQueryOptions, SINGLE_RECORD_OPTIONS, type RawQuery } from '@specgen/runtime-query';
import type { ServerContext, ServicePlugin } from './server-contract.ts';
import { sendJsonText, sendMessage } from './http.ts';
import { resourceModel, type ResourceModel } from './model.ts';
import { getRecord, listRecords } from './reader.ts';
import { ensureResourceTables } from './tables.ts';
import { resourceView, type ResourceView } from './view.ts';

/** Queryable resources of the spec, as models (all versions). */
export function resourceModels(ctx: Pick<ServerContext, 'spec'>): ResourceModel[] {
  return ctx.spec.resources.filter((r) => r.queryable).map(resourceModel);
}

function guard(ctx: ServerContext, view: ResourceView) {
  const permission = view.model.permission;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // requireSession (when the server core offers it) answers 401 or 403 "Session suspended" itself.
    const session = ctx.requireSession ? await ctx.requireSession(request, reply) : await ctx.authenticate(request);
    if (!session) {
      if (reply.sent) return reply;
      return sendMessage(reply, 401, 'A valid session is required (header X-Service-SessionId or the session cookie).');
    }
    if (permission !== null && !session.permissions.includes(permission)) {
      return sendMessage(reply, 403, `The permission "${permission}" is required to read ${view.model.name}.`);
    }
  };
}

async function answer(reply: FastifyReply, work: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await work();
  } catch (e) {
    if (isQueryError(e)) return sendMessage(reply, 400, e.message);
    throw e;
  }
}

function registerResource(app: FastifyInstance, ctx: ServerContext, view: ResourceView): void {
  const base = `/api/v1/${view.model.path}`;
  const preHandler = guard(ctx, view);
  const { db, dialect } = ctx.store;
  app.get(base, { preHandler }, (request, reply) =>
    answer(reply, async () => {
      const plan = parseQueryOptions(request.query as RawQuery, view.schema);
      return sendJsonText(reply, await listRecords(db, dialect, view, plan));
    }),
  );
  app.get(`${base}/:Id`, { preHandler }, (request, reply) =>
    answer(reply, async () => {
      const idText = (request.params as { Id: string }).Id;
      const id = parseInt64(idText);
      if (!id.ok) return sendMessage(reply, 400, `Id: ${id.message}`);
      const plan = parseQueryOptions(request.query as RawQuery, view.schema, SINGLE_RECORD_OPTIONS);
      const body = await getRecord(db, view, id.value, plan);
      return body === null ? sendMessage(reply, 404, `${view.model.name} ${id.value} was not found`) : sendJsonText(reply, body);
    }),
  );
}

/** Creates or migrates the tables, then serves every resource that exists at the configured version. */
export const resourcesPlugin: ServicePlugin = async (app, ctx) => {
  const models = resourceModels(ctx);
  await ensureResourceTables(ctx.store, models);
  const version = ctx.config.serviceVersion || null;
  for (const model of models) {
    if (version !== null && !availableAt(model.resource.introduced, version)) continue;
    registerResource(app, ctx, resourceView(model, version));
  }
};
