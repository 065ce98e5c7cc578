/**
 * Memoization for regeneration (`generate --watch`): a resource whose IR did not change keeps
 * its view object, and a view keeps its rendered file, so a one-field edit re-renders one
 * resource instead of all of them. First by identity: the incremental parser returns the same
 * resource object when nothing about it changed (docs/ir.md, "Identity between parses"), found
 * in a WeakMap without computing anything. A new object (edited, or moved by lines added above,
 * since positions are part of its identity) is then looked up by a key of the IR without source
 * positions plus everything else a view depends on, so a moved resource is not rendered again.
 */
import type { TemplateEngine } from './templates.ts';
import type { Field, Resource } from '@specgen/ir';

/** A keyed cache that forgets entries not used during the last build (bounded memory). */
export class BuildMemo<V> {
  #entries = new Map<string, V>();
  #used = new Map<string, V>();
  #context: string | null = null;

  /** Starts a build in `context` (what every entry also depends on); a different context empties the memo. */
  begin(context: string): void {
    if (context !== this.#context) {
      this.#entries = new Map();
      this.#used = new Map();
      this.#context = context;
    }
  }

  get(key: string, make: () => V): V {
    const hit = this.#used.get(key) ?? this.#entries.get(key);
    const value = hit ?? make();
    this.#used.set(key, value);
    return value;
  }

  /** Marks an entry as used by this build without looking it up (its value was found elsewhere). */
  keep(key: string, value: V): void {
    this.#used.set(key, value);
  }

  /** Ends a build: keeps only the entries it used. */
  sweep(): void {
    this.#entries = this.#used;
    this.#used = new Map();
  }
}

/**
 * A key of everything a resource's generated files depend on: every property of the resource
 * and of its fields except `source` positions. Written out by hand because it runs for every
 * resource on every watch run (a JSON.stringify of the whole IR is several times slower); a test
 * checks that a change to any IR property changes the key.
 */
export function resourceKey(r: Resource): string {
  const parts: unknown[] = [
    r.kind,
    r.name,
    r.area,
    r.path,
    r.description,
    r.queryable,
    r.introduced,
    r.typeGuid,
    r.permission,
    r.hasSinceColumn,
  ];
  for (const f of r.fields) parts.push(fieldKey(f));
  return parts.join('\u0001');
}

function fieldKey(f: Field): string {
  const base =
    f.type.base.kind === 'scalar' ? `s:${f.type.base.scalar}` : `r:${f.type.base.target}:${f.type.base.known}`;
  const e = f.enumeration;
  const enumeration = e
    ? `${e.kind}:${e.bitmask}:${e.origin}:${e.values.map((v) => `${v.kind}:${v.value}=${v.name}`).join(',')}`
    : '';
  const obsolete = f.obsolete ? `${f.obsolete.since}>${f.obsolete.replacedBy}` : '';
  return [
    f.kind,
    f.name,
    f.type.text,
    base,
    f.type.nullable,
    f.type.array,
    f.notes,
    f.since,
    f.expandable,
    f.references,
    enumeration,
    obsolete,
    f.maxLength,
  ].join('\u0002');
}

const rendered = new WeakMap<object, WeakMap<TemplateEngine, { salt: string; text: string }>>();

/** The text rendered for `owner` (an immutable view object) with `templates`; `salt` covers other inputs. */
export function renderOnce(owner: object, templates: TemplateEngine, salt: string, render: () => string): string {
  let byEngine = rendered.get(owner);
  if (!byEngine) {
    byEngine = new WeakMap();
    rendered.set(owner, byEngine);
  }
  const hit = byEngine.get(templates);
  if (hit && hit.salt === salt) return hit.text;
  const text = render();
  byEngine.set(templates, { salt, text });
  return text;
}

const lastTexts = new WeakMap<TemplateEngine, Map<string, { deps: readonly unknown[]; text: string }>>();

/**
 * A file rendered from many entries (an index of every resource): rendered again only when one of
 * `deps` differs from the previous call for `slot` with `templates` (compared with `===`, so
 * entries are the memoized view objects and other inputs primitives). `deps` must hold
 * everything `render` reads.
 */
export function renderWhenChanged(
  templates: TemplateEngine,
  slot: string,
  deps: readonly unknown[],
  render: () => string,
): string {
  let slots = lastTexts.get(templates);
  if (!slots) {
    slots = new Map();
    lastTexts.set(templates, slots);
  }
  const last = slots.get(slot);
  if (last && last.deps.length === deps.length && last.deps.every((d, i) => d === deps[i])) return last.text;
  const text = render();
  slots.set(slot, { deps, text });
  return text;
}
