/**
 * The read path of one resource at one service version, which the default handlers of the route
 * table use (`@specgen/runtime-server/skeleton` defaults.ts):
 * - options: the parsed options of recent query strings (a pure function of the text and the
 *   view), frozen because requests with the same text share them; options that do not parse are
 *   not kept and throw their `QueryError` each time;
 * - pages: one Buffer per (resource, version, normalized plan) in the page cache, served while the
 *   resource's data generation (`resource_generations`, bumped by every write) is unchanged;
 * - records: one record's stored JSON (not cached: a point query costs what the generation check does).
 * Authorization is the caller's, before any of these.
 */
import { LRUCache } from 'lru-cache';
import { parseQueryOptions, SINGLE_RECORD_OPTIONS, type QueryPlan, type RawQuery } from '@specgen/runtime-query';
import type { Store } from '@specgen/runtime-store';
import { readGeneration } from './generations.ts';
import { PageCache, planKey } from './page-cache.ts';
import { getRecord, listRecords } from './reader.ts';
import type { StoredJson } from './stored-json.ts';
import type { ResourceView } from './view.ts';

/** Parsed options kept per route: recent query strings. */
const OPTIONS_MEMO = 1024;

export type RecordPlan = Pick<QueryPlan, 'select' | 'expand'>;

export interface ResourceReads {
  readonly view: ResourceView;
  /** Collection options of a request (`url` for its query text, `query` as Fastify parsed it); throws `QueryError`. */
  collectionOptions(url: string, query: RawQuery): QueryPlan;
  /** `$select`/`$expand` of a single-record request; throws `QueryError`. */
  recordOptions(url: string, query: RawQuery): RecordPlan;
  /** The page of `plan` as one Buffer of UTF-8 JSON, from the cache while the data is unchanged. */
  page(plan: QueryPlan): Promise<Buffer>;
  /** The record's JSON (UTF-8 bytes or text), or null when there is none. */
  record(id: bigint, plan: RecordPlan): Promise<StoredJson | null>;
}

/** Freezes what a plan holds (not the schema's field objects it points at), so no handler can change a shared plan. */
function freezePlan<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const [key, member] of Object.entries(value)) if (key !== 'field') freezePlan(member);
  return Object.freeze(value);
}

function queryText(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? '' : url.slice(mark + 1);
}

function memo<T extends object>(parse: (query: RawQuery) => T): (url: string, query: RawQuery) => T {
  const known = new LRUCache<string, T>({ max: OPTIONS_MEMO });
  return (url, query) => {
    const text = queryText(url);
    let value = known.get(text);
    if (value === undefined) {
      value = freezePlan(parse(query));
      known.set(text, value);
    }
    return value;
  };
}

/** `cache` null: every page is read from the store (pageCacheBytes 0). */
export function createResourceReads(store: Store, view: ResourceView, cache: PageCache | null): ResourceReads {
  const { db, dialect } = store;
  const name = view.model.name;
  const keyPrefix = `${name}\n${view.version ?? ''}\n`;
  // Cache keys of the plans parsed here, by identity (they are frozen); a plan a handler built is keyed when used.
  const keys = new WeakMap<QueryPlan, string>();
  const keyOf = (plan: QueryPlan) => keys.get(plan) ?? keyPrefix + planKey(plan);
  const collection = memo((query) => {
    const plan = parseQueryOptions(query, view.schema);
    keys.set(plan, keyPrefix + planKey(plan));
    return plan;
  });
  const single = memo((query): RecordPlan => {
    const { select, expand } = parseQueryOptions(query, view.schema, SINGLE_RECORD_OPTIONS);
    return { select, expand };
  });
  return {
    view,
    collectionOptions: collection,
    recordOptions: single,
    async page(plan) {
      if (cache === null) return toBuffer(await listRecords(db, dialect, view, plan));
      const key = keyOf(plan);
      // The generation is read before the page: a write committed in between makes the entry stale at once.
      const generation = await readGeneration(db, name);
      const hit = cache.get(key, generation);
      if (hit) return hit;
      const body = toBuffer(await listRecords(db, dialect, view, plan));
      cache.set(key, generation, body);
      return body;
    },
    record: (id, plan) => getRecord(db, view, id, plan),
  };
}

function toBuffer(page: string | Buffer): Buffer {
  return typeof page === 'string' ? Buffer.from(page, 'utf8') : page;
}
