/**
 * What a template read of its data, recorded while it renders, so that watch mode renders a file
 * again only when something it read changed (`renderWhenRead` below; the client target keeps its
 * own files with `tracked` and `sameReads`). The template is given the data behind a
 * proxy that records each property it reads; for a property holding a list of objects (the resource
 * and decoder views), the properties it read of those objects, over all of them. A template's text
 * is a function of what it read, so this holds for any template, a user's override included: a
 * resource view whose `fields` changed (a row added) does not render `resources.ts` again, which
 * does not print fields.
 */
import type { TemplateEngine } from './templates.ts';

/**
 * What a template read: by property of its data, the properties read of its list's objects, `WHOLE`
 * (its value counts), or `PRESENT` (only whether it is there: Handlebars' strict mode asks before
 * it reads).
 */
export type Reads = Map<string, Set<string> | typeof WHOLE | typeof PRESENT>;

const WHOLE = 'whole' as const;
const PRESENT = 'present' as const;
/** In an element set: the template listed an element's keys (`Object.keys`, `JSON.stringify`), so every one counts. */
const EVERY_KEY = '\u0000every';

/** `data` behind a proxy recording into `reads` what is read of it. */
export function tracked(data: Record<string, unknown>, reads: Reads): Record<string, unknown> {
  const lists = new Map<string, object[]>();
  return new Proxy(data, {
    get(target, key, receiver) {
      if (typeof key !== 'string') return Reflect.get(target, key, receiver);
      const list = lists.get(key);
      if (list) return list;
      const value = Reflect.get(target, key, receiver);
      const read = reads.get(key);
      if (read === WHOLE || !isObjectList(value)) {
        reads.set(key, WHOLE);
        return value;
      }
      const keys = read instanceof Set ? read : new Set<string>();
      reads.set(key, keys);
      const proxied = value.map((x) => trackedElement(x, keys));
      lists.set(key, proxied);
      return proxied;
    },
    has(target, key) {
      if (typeof key === 'string' && !reads.has(key)) reads.set(key, PRESENT);
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      for (const key of Object.keys(target)) reads.set(key, WHOLE);
      return Reflect.ownKeys(target);
    },
  });
}

function isObjectList(value: unknown): value is object[] {
  return Array.isArray(value) && value.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x));
}

/** An element of a list, recording the keys read of it into `keys`. */
function trackedElement(x: object, keys: Set<string>): object {
  return new Proxy(x, {
    get(target, key, receiver) {
      if (typeof key === 'string') keys.add(key);
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      if (typeof key === 'string') keys.add(key);
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      keys.add(EVERY_KEY);
      return Reflect.ownKeys(target);
    },
  });
}

/** Whether everything `reads` names is the same in `before` and `now`: the same object, else the same JSON. */
export function sameReads(reads: Reads, before: Record<string, unknown>, now: Record<string, unknown>): boolean {
  for (const [key, read] of reads) {
    if (read === PRESENT) {
      if (key in before !== key in now) return false;
      continue;
    }
    const [a, b] = [before[key], now[key]];
    if (read === WHOLE || !isObjectList(a) || !isObjectList(b)) {
      if (!sameEntry(before, now, key)) return false;
    } else if (a !== b && !sameElements(a, b, read)) return false;
  }
  return true;
}

function sameElements(a: readonly object[], b: readonly object[], keys: ReadonlySet<string>): boolean {
  if (a.length !== b.length) return false;
  const every = keys.has(EVERY_KEY);
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i] as Record<string, unknown>, b[i] as Record<string, unknown>];
    if (x === y) continue;
    if (every) {
      if (!sameValue(x, y)) return false;
      continue;
    }
    for (const key of keys) if (!sameEntry(x, y, key)) return false;
  }
  return true;
}

/** `a[key]` and `b[key]` are the same (absent in both counts as the same). */
function sameEntry(a: Record<string, unknown>, b: Record<string, unknown>, key: string): boolean {
  const [x, y] = [a[key], b[key]];
  if (x === y) return x !== undefined || key in a === key in b;
  return sameValue(x, y);
}

/** The same object or value, else (objects) the same JSON; lists element by element. */
function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x) && Array.isArray(y))
    return x.length === y.length && x.every((v, i) => v === y[i] || sameValue(v, y[i]));
  return JSON.stringify(x) === JSON.stringify(y);
}

const lastRenders = new WeakMap<
  TemplateEngine,
  Map<string, { data: Record<string, unknown>; salt: string; reads: Reads; text: string }>
>();

/**
 * A file rendered from `data` with `templates` (a file of the whole model: an index of every
 * resource), rendered again only when something the last render of `slot` read of its data differs
 * in `data` (the same object, else the same JSON), or `salt` (every other input, such as the spec
 * file its header names) differs. `render` must read nothing of the run but `data` and `salt`;
 * whatever it derives from `data` (a view spread, a list mapped) is read through the proxy and so
 * recorded. Watch mode only: a one-shot run renders once and should call `render(data)` itself.
 */
export function renderWhenRead<T extends object>(
  templates: TemplateEngine,
  slot: string,
  salt: string,
  data: T,
  render: (data: T) => string,
): string {
  let slots = lastRenders.get(templates);
  if (!slots) {
    slots = new Map();
    lastRenders.set(templates, slots);
  }
  const now = data as Record<string, unknown>;
  const last = slots.get(slot);
  if (last && last.salt === salt && sameReads(last.reads, last.data, now)) {
    // What it read is the same in `data`, so comparing with `data` next time holds as well.
    last.data = now;
    return last.text;
  }
  const reads: Reads = new Map();
  const text = render(tracked(now, reads) as T);
  slots.set(slot, { data: now, salt, reads, text });
  return text;
}
