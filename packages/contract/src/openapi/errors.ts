/**
 * Error responses from the spec's error tables. Error bodies are JSON strings
 * (spec: "JSON string: Login failed"; production: a JSON string or empty).
 */
import type { ErrorCase, ErrorTable, Spec } from '@specgen/ir';
import { ref, type JsonSchema } from '../json-schema.ts';

export const ERROR_MESSAGE = 'ErrorMessage';

export const errorMessageSchema: JsonSchema = {
  type: 'string',
  description: 'Error responses carry a JSON string with the message (or an empty body).',
};

/** `{ $ref: ErrorMessage }`: one frozen object for every error response. */
const ERROR_MESSAGE_REF: JsonSchema = Object.freeze(ref(ERROR_MESSAGE));

/**
 * The `content` of an error response by its distinct bodies, one frozen object for each: every
 * read route of a large spec answers the same 400, 401 and 403 bodies (1,200 copies each). Bounded:
 * the spec's error tables and the server's own messages make a few dozen.
 */
const errorContents = new Map<string, JsonSchema>();
const MAX_ERROR_CONTENTS = 1024;

/** The map key of some bodies: joined by NUL when none holds one (no JSON text made), else their JSON. */
function contentKey(distinct: readonly string[]): string {
  let key = '';
  for (const body of distinct) {
    if (body.includes('\u0000')) return JSON.stringify(distinct);
    key += `\u0000${body}`;
  }
  return key;
}

function errorContent(distinct: readonly string[]): JsonSchema {
  const key = contentKey(distinct);
  let content = errorContents.get(key);
  if (content === undefined) {
    const media: JsonSchema = { schema: ERROR_MESSAGE_REF };
    if (distinct.length === 1) media.example = distinct[0];
    else if (distinct.length > 1)
      media.examples = Object.fromEntries(distinct.map((b, i) => [`body${i + 1}`, Object.freeze({ value: b })]));
    if (media.examples) Object.freeze(media.examples);
    content = Object.freeze({ 'application/json': Object.freeze(media) });
    if (errorContents.size >= MAX_ERROR_CONTENTS) errorContents.clear();
    errorContents.set(key, content);
  }
  return content;
}

/** One response whose body is a JSON string, with the exact bodies the spec or production state. */
export function jsonStringResponse(description: string, bodies: string[] = []): JsonSchema {
  return { description, content: errorContent([...new Set(bodies)]) };
}

/** A body stated as literal text (`Login failed`), not as a description of the text. */
function literalBody(c: ErrorCase): string | null {
  if (!c.body) return null;
  const text = c.body.replace(/^JSON string:?\s*/i, '').trim();
  return /stating|describing/i.test(text) || text.length === 0 ? null : text;
}

function mentions(c: ErrorCase, target: string): boolean {
  return `${c.condition} ${c.body ?? ''}`.toLowerCase().includes(target.toLowerCase());
}

/** Cases of `table` that concern `target`: those naming it, or naming none of the table's targets when it is named by none. */
function casesFor(table: ErrorTable, target: string): ErrorCase[] {
  if (table.appliesTo.length <= 1) return table.cases;
  const named = new Set(table.appliesTo.filter((t) => table.cases.some((c) => mentions(c, t))));
  return table.cases.filter((c) => {
    const names = table.appliesTo.filter((t) => mentions(c, t));
    if (names.length > 0) return names.includes(target);
    return !named.has(target);
  });
}

/** Responses by status for an endpoint id or command name, from every error table that applies to it. */
export function errorResponses(spec: Spec, target: string): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCase[]>();
  for (const table of spec.errorTables) {
    if (!table.appliesTo.includes(target)) continue;
    for (const c of casesFor(table, target)) byStatus.set(c.status, [...(byStatus.get(c.status) ?? []), c]);
  }
  const out: Record<string, JsonSchema> = {};
  for (const [status, cases] of [...byStatus].sort(([a], [b]) => a - b)) {
    const description = cases.map((c) => c.condition).join(' ');
    out[String(status)] = jsonStringResponse(
      description,
      cases.map(literalBody).filter((b): b is string => b !== null),
    );
  }
  return out;
}
