/**
 * The canonical text of an OpenAPI document: every map with its keys in one fixed order
 * (structural OpenAPI keys first in their customary order, then the rest alphabetically), arrays
 * in their order, LF line ends. The openapi target and the reference site write the same bytes.
 */
/** Keys that read best in this order wherever they appear; all other keys follow, sorted. */
const PREFERRED = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'name',
  'in',
  'summary',
  'operationId',
  'title',
  'version',
  'description',
  'deprecated',
  'tags',
  'security',
  'paths',
  'components',
  '$ref',
  'required',
  'style',
  'explode',
  'type',
  'format',
  'const',
  'enum',
  'x-enum-varnames',
  'pattern',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'items',
  'properties',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'parameters',
  'requestBody',
  'responses',
  'headers',
  'content',
  'schema',
  'example',
  'examples',
  'get',
  'put',
  'post',
  'delete',
  'patch',
];
const RANK = new Map(PREFERRED.map((k, i) => [k, i]));

/** Maps whose keys are names chosen by the spec (not OpenAPI keywords): plain sorted order. */
const NAME_MAPS = new Set([
  'properties',
  'schemas',
  'parameters',
  'securitySchemes',
  'headers',
  'examples',
  'paths',
  'responses',
  'content',
  'variables',
]);

function compareKeys(a: string, b: string): number {
  const ra = RANK.get(a) ?? PREFERRED.length;
  const rb = RANK.get(b) ?? PREFERRED.length;
  if (ra !== rb) return ra - rb;
  return a < b ? -1 : a > b ? 1 : 0;
}

function plainCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether the keys of an object under `parentKey` are names (sorted plainly, their values keyed by ''). */
export function isNameMap(parentKey: string): boolean {
  return parentKey !== '' && NAME_MAPS.has(parentKey);
}

/**
 * The keys of `object` (under `parentKey`) in canonical order, or null when `for...in` already
 * gives them in that order (no list made); keys whose value is undefined are left for the caller
 * to skip. For writers that walk the document in canonical order without copying it. The list may
 * be shared with other calls: callers only read it.
 */
export function canonicalKeys(object: Record<string, unknown>, parentKey: string): string[] | null {
  if (isNameMap(parentKey)) return nameOrder(object);
  // The order of keywords by the keys as `for...in` gives them, looked up key by key in a tree of
  // the sequences met so far: a document's objects are built by a few hundred code paths, so a
  // few hundred sequences, and an object out of canonical order needs no list or sort.
  let node = KEYWORD_ORDERS;
  for (const k in object) {
    let next = node.next?.get(k);
    if (next === undefined) {
      if (orderNodes >= MAX_ORDER_NODES) return keywordOrder(object);
      next = { next: undefined, order: undefined };
      node.next ??= new Map();
      node.next.set(k, next);
      orderNodes++;
    }
    node = next;
  }
  if (node.order === undefined) node.order = keywordOrder(object);
  return node.order;
}

/** A node of the tree of key sequences: the keys that follow, and the canonical order of the sequence up to it. */
interface OrderNode {
  next: Map<string, OrderNode> | undefined;
  /** undefined: not worked out yet; null: already in order. */
  order: string[] | null | undefined;
}
const KEYWORD_ORDERS: OrderNode = { next: undefined, order: undefined };
/** Bounds the tree when a document's keywords are not a few fixed sets (extension objects with spec-chosen keys). */
const MAX_ORDER_NODES = 20_000;
let orderNodes = 0;

function keywordOrder(object: Record<string, unknown>): string[] | null {
  // compareKeys with each key's rank looked up once
  let previous: string | null = null;
  let previousRank = -1;
  for (const k in object) {
    const rank = RANK.get(k) ?? PREFERRED.length;
    if (rank < previousRank || (rank === previousRank && (previous as string) > k))
      return enumerationOrder(sortKeys(Object.keys(object), compareKeys));
    previous = k;
    previousRank = rank;
  }
  return null;
}

function nameOrder(object: Record<string, unknown>): string[] | null {
  let previous: string | null = null;
  for (const k in object) {
    if (previous !== null && previous > k) return sortedNames(Object.keys(object));
    previous = k;
  }
  return null;
}

/**
 * The last few name maps out of order (their keys as given) and their orders: a record's
 * `properties` and its `<Record>Partial`'s have the same keys in the same (the spec's) order, so
 * half of the sorts of a large document's 1,200 such maps are a comparison instead.
 */
const recentNames: { keys: string[]; order: string[] }[] = [];
const RECENT_NAMES = 4;

function sortedNames(keys: string[]): string[] {
  for (const recent of recentNames) if (sameKeys(recent.keys, keys)) return recent.order;
  const order = enumerationOrder(sortKeys(keys.slice(), plainCompare));
  if (recentNames.length >= RECENT_NAMES) recentNames.pop();
  recentNames.unshift({ keys, order });
  return order;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * `value` with every object's keys in canonical order. A part already in that order (no key out of
 * order, no undefined value, every child canonical itself) is returned as it is, not copied: about
 * two thirds of a large document's objects are built in order. Callers only read the result.
 * The order is checked with `for...in` (the order of `Object.keys`, without making the list), and
 * a short key list is sorted in place by insertion: `Array.prototype.sort` allocates its work
 * arrays on every call, about 1 kB each, 44 MB over the 50,000 objects of a large document.
 */
export function canonical(value: unknown, parentKey = ''): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item = canonical(value[i]);
      if (out) out.push(item);
      else if (item !== value[i]) out = [...value.slice(0, i), item];
    }
    return out ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const inNameMap = parentKey !== '' && NAME_MAPS.has(parentKey);
  const compare = inNameMap ? plainCompare : compareKeys;
  let previous: string | null = null;
  let ordered = true;
  for (const k in object) {
    if (object[k] === undefined || (previous !== null && compare(previous, k) > 0)) {
      ordered = false;
      break;
    }
    previous = k;
  }
  if (!ordered) {
    const keys = sortKeys(Object.keys(object), compare);
    const out: Record<string, unknown> = {};
    for (const k of keys) if (object[k] !== undefined) out[k] = canonical(object[k], inNameMap ? '' : k);
    return out;
  }
  let out: Record<string, unknown> | null = null;
  for (const k in object) {
    const child = object[k];
    const item = canonical(child, inNameMap ? '' : k);
    if (out) out[k] = item;
    else if (item !== child) {
      out = {};
      for (const before in object) {
        if (before === k) break;
        out[before] = object[before];
      }
      out[k] = item;
    }
  }
  return out ?? value;
}

const MAX_INDEX = 2 ** 32 - 2;
const INDEX = /^(?:0|[1-9][0-9]*)$/;
/** An array index key (most keys start with a letter: no regular expression runs for them). */
const isIndex = (key: string) => {
  const c = key.charCodeAt(0);
  return c >= 0x30 && c <= 0x39 && INDEX.test(key) && Number(key) <= MAX_INDEX;
};

/**
 * Sorted keys as an object made in that order enumerates them (the copy `canonical` makes): array
 * index keys ("200", "404") always come first, in ascending order, then the others as sorted.
 */
function enumerationOrder(sorted: string[]): string[] {
  if (!sorted.some(isIndex)) return sorted;
  const indices = sorted.filter(isIndex).sort((a, b) => Number(a) - Number(b));
  return [...indices, ...sorted.filter((k) => !isIndex(k))];
}

/** Keys of an object: up to this many are sorted by insertion (no allocation), more by `sort`. */
const INSERTION_SORT_UP_TO = 24;

function sortKeys(keys: string[], compare: (a: string, b: string) => number): string[] {
  if (keys.length > INSERTION_SORT_UP_TO) return keys.sort(compare);
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    for (; j >= 0; j--) {
      const before = keys[j] as string;
      if (compare(before, key) <= 0) break;
      keys[j + 1] = before;
    }
    keys[j + 1] = key;
  }
  return keys;
}

export function toJson(document: unknown, alreadyCanonical = false): string {
  return `${JSON.stringify(alreadyCanonical ? document : canonical(document), null, 2)}\n`;
}
