/**
 * Memoization for regeneration (`generate --watch`): a resource whose IR did not change keeps
 * its view object, and a view keeps its rendered file, so a one-field edit re-renders one
 * resource instead of all of them. Keys are the IR without source positions (which move when a
 * line is added above) plus everything else a view depends on.
 */
import type { TemplateEngine } from '@specgen/generate-core';

/** A keyed cache that forgets entries not used during the last build (bounded memory). */
export class BuildMemo<V> {
  #entries = new Map<string, V>();
  #used = new Map<string, V>();

  get(key: string, make: () => V): V {
    const hit = this.#used.get(key) ?? this.#entries.get(key);
    const value = hit ?? make();
    this.#used.set(key, value);
    return value;
  }

  /** Ends a build: keeps only the entries it used. */
  sweep(): void {
    this.#entries = this.#used;
    this.#used = new Map();
  }
}

/** JSON of an IR node without `source` positions. */
export function irKey(node: unknown): string {
  return JSON.stringify(node, (key, value: unknown) => (key === 'source' ? undefined : value));
}

const rendered = new WeakMap<object, WeakMap<TemplateEngine, { salt: string; text: string }>>();

/** The text rendered for `owner` (an immutable view object) with `templates`; `salt` covers other inputs. */
export function renderOnce(owner: object, templates: TemplateEngine, salt: string, render: () => string): string {
  let byEngine = rendered.get(owner);
  if (!byEngine) rendered.set(owner, (byEngine = new WeakMap()));
  const hit = byEngine.get(templates);
  if (hit && hit.salt === salt) return hit.text;
  const text = render();
  byEngine.set(templates, { salt, text });
  return text;
}
