/**
 * Checks answers of the running server against the OpenAPI document of its service version,
 * with @cfworker/json-schema (JSON Schema 2020-12), a validator independent of the ajv the server
 * validates requests with. For each answer: the operation is found by method and path template,
 * the status must be documented for it, the body must match the documented media type and
 * validate against its schema ($refs into the document resolved), and the headers a client acts on
 * (session id, Set-Cookie, rate limit) may only appear where the document lists them.
 *
 * `recordAnswers(app)` collects every answer a Fastify app sends (an onSend hook on the root, added
 * before `ready`), so an existing suite checks all its answers with two lines.
 */
import { appendFileSync } from 'node:fs';
import { Validator, type Schema } from '@cfworker/json-schema';
import { REQUEST_MESSAGES } from '../../src/messages.ts';
import { SESSION_HEADER } from '../../src/wire.ts';

export interface ObservedAnswer {
  method: string;
  /** Request URL as sent (path and query). */
  url: string;
  status: number;
  headers: Record<string, unknown>;
  /** Body text ('' when empty). */
  body: string;
}

type Doc = { paths: Record<string, Record<string, { operationId: string; responses: Record<string, DocResponse> }>> };
type DocResponse = { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> };

/** The value at an RFC 6901 pointer of the document, or undefined. */
function resolvePointer(doc: unknown, pointer: string): DocResponse | undefined {
  let value: unknown = doc;
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value as DocResponse | undefined;
}

const DOC_ID = 'https://contract.invalid/openapi.json';
/** Response headers a client acts on; each one the server sends must be documented for that response. */
const CHECKED_HEADERS = [
  SESSION_HEADER.toLowerCase(),
  'set-cookie',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface OperationMatcher {
  method: string;
  template: string;
  pattern: RegExp;
  literalLength: number;
}

function matcherOf(method: string, template: string): OperationMatcher {
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return {
    method,
    template,
    pattern: new RegExp(`^${source}$`),
    literalLength: template.replace(/\{\w+\}/g, '').length,
  };
}

export interface ConformanceChecker {
  /** Problems of one answer; empty when it conforms. */
  check(answer: ObservedAnswer): string[];
  /** `METHOD template status` of every answer checked so far. */
  readonly covered: Set<string>;
}

export function conformanceChecker(document: unknown): ConformanceChecker {
  const doc = document as Doc;
  const matchers = Object.entries(doc.paths)
    .flatMap(([template, item]) =>
      Object.keys(item)
        .filter((m) => METHODS.includes(m))
        .map((m) => matcherOf(m.toUpperCase(), template)),
    )
    // The most literal template wins (`/login/totp` before `/{x}/totp`).
    .sort((a, b) => b.literalLength - a.literalLength);
  const validators = new Map<string, Validator>();
  const validatorFor = (pointer: string): Validator => {
    let v = validators.get(pointer);
    if (!v) {
      v = new Validator({ $ref: `${DOC_ID}#${pointer}` }, '2020-12', false);
      v.addSchema(structuredClone(document) as Schema, DOC_ID);
      validators.set(pointer, v);
    }
    return v;
  };
  const covered = new Set<string>();

  function check(answer: ObservedAnswer): string[] {
    const path = answer.url.split('?')[0]!;
    const where = `${answer.method} ${answer.url} -> ${answer.status}`;
    const match = matchers.find((m) => m.method === answer.method && m.pattern.test(path));
    // A path that is no operation (or a route this test server did not register) answers 404 with
    // a JSON string, as info.description of the document says.
    const notFound = answer.status === 404 && isJsonString(answer.body);
    if (!match) return notFound ? [] : [`${where}: no operation of the document has this method and path`];
    if (notFound && answer.body === JSON.stringify(REQUEST_MESSAGES.noRoute(answer.method, path))) return [];
    const operation = doc.paths[match.template]![match.method.toLowerCase()]!;
    // A response object, or a Reference Object to one under components/responses (RFC 6901 pointer).
    const stated = operation.responses[String(answer.status)];
    const responsePointer =
      stated?.$ref?.startsWith('#/') === true
        ? stated.$ref.slice(1)
        : `/paths/${escapePointer(match.template)}/${match.method.toLowerCase()}/responses/${answer.status}`;
    const response = stated?.$ref === undefined ? stated : resolvePointer(doc, responsePointer);
    covered.add(`${match.method} ${match.template} ${answer.status}`);
    if (!response)
      return [
        `${where}: status ${answer.status} is not documented for ${operation.operationId} (documented: ${Object.keys(operation.responses).join(', ')})`,
      ];
    const problems: string[] = [];
    const documented = new Set(Object.keys(response.headers ?? {}).map((h) => h.toLowerCase()));
    for (const header of CHECKED_HEADERS) {
      if (answer.headers[header] !== undefined && !documented.has(header))
        problems.push(`${where}: sends ${header}, which the document does not list for this response`);
    }
    const contentType = String(answer.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const media = response.content ?? {};
    if (Object.keys(media).length === 0) {
      if (answer.body !== '')
        problems.push(
          `${where}: the document describes no body, the server sent ${JSON.stringify(answer.body.slice(0, 80))}`,
        );
      return problems;
    }
    if (!(contentType in media))
      return [
        ...problems,
        `${where}: content type "${contentType}" is not documented (documented: ${Object.keys(media).join(', ')})`,
      ];
    let value: unknown = answer.body;
    if (contentType === 'application/json') {
      try {
        value = JSON.parse(answer.body);
      } catch {
        return [...problems, `${where}: the body is not JSON`];
      }
    }
    const pointer = `${responsePointer}/content/${escapePointer(contentType)}/schema`;
    const result = validatorFor(pointer).validate(value);
    if (!result.valid) {
      const detail = result.errors
        .slice(-3)
        .map((e) => `${e.instanceLocation} ${e.error}`)
        .join('; ');
      problems.push(`${where}: the body does not match the documented schema: ${detail}`);
    }
    return problems;
  }
  return { check, covered };
}

function isJsonString(body: string): boolean {
  try {
    return typeof JSON.parse(body) === 'string';
  } catch {
    return false;
  }
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A Fastify-like app: the hook signature of `onSend` is all this needs. */
interface HookableApp {
  addHook(
    name: 'onSend',
    hook: (
      request: { method: string; url: string },
      reply: { statusCode: number; getHeaders(): Record<string, unknown> },
      payload: unknown,
    ) => Promise<unknown>,
  ): unknown;
}

/** Collects every answer the app sends (add before the app is ready). */
export function recordAnswers(app: HookableApp): ObservedAnswer[] {
  const answers: ObservedAnswer[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : payload === undefined || payload === null
            ? ''
            : null;
    // Streams (static files) are outside the document's paths anyway.
    if (body !== null)
      answers.push({
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        headers: { ...reply.getHeaders() },
        body,
      });
    return payload;
  });
  return answers;
}

/**
 * Problems of all answers under the prefix of the service routes (the page and /docs are not
 * operations). With CONTRACT_COVERAGE=<file>, the `METHOD template status` of each checked answer is
 * appended to that file (tools/contract-coverage.ts sums them up against the document).
 */
export function conformanceProblems(
  document: unknown,
  answers: ObservedAnswer[],
  isServiceRoute = (url: string) => /^\/[^/]+\/[^/]+\//.test(url) && !url.startsWith('/docs/'),
): string[] {
  const checker = conformanceChecker(document);
  const problems = answers.filter((a) => isServiceRoute(a.url)).flatMap((a) => checker.check(a));
  const file = process.env.CONTRACT_COVERAGE;
  if (file && checker.covered.size > 0) appendFileSync(file, [...checker.covered].map((c) => `${c}\n`).join(''));
  return problems;
}
