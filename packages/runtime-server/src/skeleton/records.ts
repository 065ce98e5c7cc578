/**
 * Records a handler returned -> the JSON body: the members a response has at the served version
 * (`$select` and `$expand` applied, in spec order, an unexpanded related record null), written
 * with Int64 values (`bigint`) as JSON strings, every digit kept, as the production service and
 * the store write them (runtime-resources/scalar-codec.ts). Serialised pages and records
 * (`JsonText`) pass through untouched: the default handlers project them in the store's reader.
 */
import { Readable } from 'node:stream';
import type { QueryPlan } from '@specgen/runtime-query';
import { isJsonText, type JsonText } from './types.ts';

/** What the projection needs of a resource at the served version. */
export interface RecordShape {
  /** Field names of a response, in spec order. */
  fieldNames: readonly string[];
  /** Names of the expandable fields. */
  expandable: ReadonlySet<string>;
}

function int64AsString(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** JSON text of a projected record; a replacer (slow) only when a related record holds a bigint. */
function write(out: Record<string, unknown>): string {
  try {
    return JSON.stringify(out);
  } catch (error) {
    if (error instanceof TypeError) return JSON.stringify(out, int64AsString);
    throw error;
  }
}

/** One record -> its JSON text at the served version, for one `$select`/`$expand`. */
export type Projector = (record: object) => string;

export function projector(shape: RecordShape, plan: Pick<QueryPlan, 'select' | 'expand'>): Projector {
  const wanted = new Set([...(plan.select ?? shape.fieldNames), ...plan.expand]);
  const expanded = new Set(plan.expand);
  const keys = shape.fieldNames.filter((k) => wanted.has(k));
  const nulled = new Set(keys.filter((k) => shape.expandable.has(k) && !expanded.has(k)));
  return (record) => {
    const source = record as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const value = nulled.has(k) ? null : (source[k] ?? null);
      out[k] = typeof value === 'bigint' ? value.toString() : value;
    }
    return write(out);
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<object> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AsyncIterable<object>)[Symbol.asyncIterator] === 'function'
  );
}

/**
 * A page streamed as the handler yields records: `[`, each projected record, `]`. The status (200)
 * is sent before the first record, so a handler that fails midway ends the connection with the
 * array unfinished (the client sees a broken body, never a wrong but complete one); the error is logged.
 */
async function* streamedPage(project: Projector, records: AsyncIterable<object>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const record of records) {
    yield first ? project(record) : `,${project(record)}`;
    first = false;
  }
  yield ']';
}

/**
 * A projector per plan, built on first use. The skeleton's plans are kept per query text (frozen,
 * shared by the requests with that text), so this builds one per route and query text.
 */
export function projectors(shape: RecordShape): (plan: Pick<QueryPlan, 'select' | 'expand'>) => Projector {
  const built = new WeakMap<object, Projector>();
  return (plan) => {
    let project = built.get(plan);
    if (project === undefined) {
      project = projector(shape, plan);
      built.set(plan, project);
    }
    return project;
  };
}

export function pageBody(project: Projector, reply: ListReplyValue): string | Uint8Array | Readable {
  if (isJsonText(reply)) return reply.json;
  if (isAsyncIterable(reply)) return Readable.from(streamedPage(project, reply), { objectMode: false });
  if (!Array.isArray(reply))
    throw new TypeError(
      'a list handler must return an array of records, an async iterable of records or jsonText(...)',
    );
  return `[${reply.map(project).join(',')}]`;
}

/** What a list handler may return. */
type ListReplyValue = readonly object[] | AsyncIterable<object> | JsonText;

export function recordBody(project: Projector, reply: object | JsonText): string | Uint8Array {
  return isJsonText(reply) ? reply.json : project(reply);
}
