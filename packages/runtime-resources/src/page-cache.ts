/**
 * Answers of the list routes, kept as one Buffer per (resource, service version view, normalized
 * query plan) in an LRU bounded by bytes (`lru-cache`). Each entry carries the resource's data
 * generation read before its query ran; a request reads the current generation (one point query)
 * and is served from the cache only when it is the same, so a write by this or any other instance on
 * the same database is never answered with an older page. Authorization runs before (route guard).
 */
import { LRUCache } from 'lru-cache';
import type { Condition, QueryPlan, ScalarValue } from '@specgen/runtime-query';

/** Default bound of the cached pages: 64 MiB of bodies and keys. */
export const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;

interface Entry {
  generation: string;
  body: Buffer;
}

function valueKey(v: ScalarValue): string {
  return `${typeof v}:${String(v)}`;
}

function conditionKey(c: Condition): unknown {
  switch (c.kind) {
    case 'and':
    case 'or':
      return [c.kind, conditionKey(c.left), conditionKey(c.right)];
    case 'not':
      return ['not', conditionKey(c.operand)];
    case 'compare':
      return ['compare', c.field.name, c.op, valueKey(c.value)];
    case 'isnull':
      return ['isnull', c.field.name, c.negate];
    case 'in':
      return ['in', c.field.name, c.values.map(valueKey)];
    case 'has':
      return ['has', c.field.name, c.flag];
    case 'like':
      return ['like', c.field.name, c.pattern];
  }
}

/** Every option of the parsed plan, in a canonical text: equal keys give the same answer for the same data. */
export function planKey(plan: QueryPlan): string {
  return JSON.stringify([
    plan.filter === null ? null : conditionKey(plan.filter),
    plan.select,
    plan.expand,
    plan.orderBy.map((o) => [o.field.name, o.descending]),
    plan.top,
    plan.skip,
  ]);
}

export class PageCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(maxBytes = DEFAULT_PAGE_CACHE_BYTES) {
    // An entry larger than the whole bound is not kept (lru-cache refuses it).
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => entry.body.byteLength + key.length * 2 + 64,
    });
  }

  /** The cached body when it was built at this generation; a stale entry is dropped. */
  get(key: string, generation: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.generation === generation) return entry.body;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, generation: string, body: Buffer): void {
    this.entries.set(key, { generation, body });
  }

  /** Bytes held (bodies and keys), at most the bound. */
  get size(): number {
    return this.entries.calculatedSize;
  }

  get count(): number {
    return this.entries.size;
  }
}
