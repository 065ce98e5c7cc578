/**
 * The types a generated server is written against: a route definition (what the generated route
 * modules list, one per endpoint of the contract) and the handler signatures. The generated
 * `Handlers` interface instantiates them with the record types of `@service-api/types`, so an
 * override that returns a wrong field type does not compile.
 *
 * Two kinds of handlers:
 * - read resources: plain functions from a parsed, typed request to records (or a page already
 *   serialised as JSON, the store's fast path); the skeleton projects `$select`, serialises and answers;
 * - sign-in steps and commands: Fastify route handlers `(request, reply, tools)`, body typed.
 * Session, permission, version gating, query parsing and error mapping happen before and after
 * either, in register.ts, so no handler can skip them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Condition, QueryPlan } from '@specgen/runtime-query';
import type { ServerContext, SessionInfo } from '../server-context.ts';
import type { JsonSchema } from '@specgen/contract';

/** Who may call a route (as the contract says): anyone; a session when the body has no token; a session; a session with the permission. */
export type RouteAccess = 'anonymous' | 'optional-session' | 'session' | 'permission';

/** Path parameters of every service route. */
export interface PrefixParams {
  languageCode: string;
  companyNumber: string;
}

/** A page or record already serialised as JSON (the default handlers' fast path): sent as it is. */
export interface JsonText {
  readonly kind: 'json-text';
  readonly json: string | Uint8Array;
}

export function jsonText(json: string | Uint8Array): JsonText {
  return { kind: 'json-text', json };
}

export function isJsonText(value: unknown): value is JsonText {
  return typeof value === 'object' && value !== null && (value as JsonText).kind === 'json-text';
}

/** Field names of a record type. */
export type FieldName<R> = Extract<keyof R, string>;
/** Fields holding related records (objects or arrays of them): what `$expand` names. */
export type ExpandableName<R> = { [K in FieldName<R>]-?: NonNullable<R[K]> extends object ? K : never }[FieldName<R>];

/** `$select` and `$expand` of one record, checked against the resource at the served version. */
export interface RecordQuery<R> {
  /** Null when absent (every field). */
  select: FieldName<R>[] | null;
  expand: ExpandableName<R>[];
}

/** The query options of a collection read, parsed and checked; `$top` defaults to the page size. */
export interface CollectionQuery<R> extends RecordQuery<R> {
  /** The `$filter` condition tree (runtime-query's AST, values typed), or null. */
  filter: Condition | null;
  orderBy: Array<{ field: FieldName<R>; descending: boolean }>;
  top: number;
  skip: number;
}

interface ReadRequest {
  /** The caller's session; its permission was checked already. */
  session: SessionInfo;
  params: PrefixParams;
  /** The service version the server plays. */
  version: string;
  raw: FastifyRequest;
}

export interface ListRequest<R> extends ReadRequest {
  query: CollectionQuery<R>;
  /** The same options as the query layer's plan (what the store's reader takes). */
  plan: QueryPlan;
}

export interface GetRequest<R> extends ReadRequest {
  id: bigint;
  query: RecordQuery<R>;
  plan: Pick<QueryPlan, 'select' | 'expand'>;
}

/**
 * Records of the page (the skeleton applies `$select` and serialises), records as they come (an
 * async iterable, e.g. an async generator over a cursor: streamed), or a serialised page.
 */
export type ListReply<R> = readonly R[] | AsyncIterable<R> | JsonText;
/** The record, a serialised record, or null for 404. */
export type GetReply<R> = R | JsonText | null;

/** What a handler can use besides its request: the server context and the default handler (`next`). */
export type HandlerTools<H> = ServerContext & { next: H };

export interface ResourceHandlers<R> {
  list(
    request: ListRequest<R>,
    tools: HandlerTools<(request: ListRequest<R>) => Promise<ListReply<R>>>,
  ): Promise<ListReply<R>>;
  get(
    request: GetRequest<R>,
    tools: HandlerTools<(request: GetRequest<R>) => Promise<GetReply<R>>>,
  ): Promise<GetReply<R>>;
}

export type SignInRequest<Body, Query> = FastifyRequest<{ Params: PrefixParams; Body: Body; Querystring: Query }>;

/** What a sign-in handler gets besides request and reply: the session (when the route takes one) and the default handler. */
export type SignInTools<Body, Query> = HandlerTools<
  (request: SignInRequest<Body, Query>, reply: FastifyReply) => Promise<unknown>
> & {
  session: SessionInfo | null;
};

/** A sign-in step or command: a Fastify handler with a typed body and query. */
export type SignInHandler<Body = unknown, Query = unknown> = (
  request: SignInRequest<Body, Query>,
  reply: FastifyReply,
  tools: SignInTools<Body, Query>,
) => Promise<unknown>;

/** Request and response schemas of a route, as the contract gives them. */
export interface RouteSchemas {
  body?: JsonSchema;
  /** JSON Schema of each status's body. */
  response: Record<string, JsonSchema>;
}

interface RouteBase {
  operationId: string;
  method: 'GET' | 'POST';
  /** The OpenAPI path, e.g. `/{languageCode}/{companyNumber}/login/totp`. */
  path: string;
  /** The Fastify path inside the `/:languageCode/:companyNumber` prefix, e.g. `/login/totp`. */
  url: string;
  since: string | null;
  access: RouteAccess;
  permission: string | null;
  /** Per-address request limit (sign-in and commands). */
  rateLimited: boolean;
  schema: RouteSchemas;
}

// `any` record types: the generated Handlers fix them; a definition list holds every resource.
export type RouteDefinition =
  | (RouteBase & { kind: 'list'; resource: string; handler: ResourceHandlers<any>['list'] })
  | (RouteBase & { kind: 'get'; resource: string; handler: ResourceHandlers<any>['get'] })
  | (RouteBase & { kind: 'sign-in' | 'command'; handler: SignInHandler<any, any> });
