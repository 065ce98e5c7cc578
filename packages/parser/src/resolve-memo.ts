/**
 * What resolution keeps between the parses of one incremental parser (parse-memo.ts), so that an
 * unchanged part of the spec resolves to the same objects as before. Plain `parseSpec` passes none
 * and resolves from scratch; nothing is kept at module level.
 */
import type { Resource } from '@specgen/ir';
import type { ResourceFacts } from './resource-facts.ts';

/** An extracted resource's last resolution and what it was resolved with. */
export interface ResolvedEntry {
  facts: ResourceFacts;
  known: ReadonlySet<string>;
  knownTargets: string;
  resolved: Resource;
}

export class ResolveMemo {
  /** By extracted resource (the parse memo keeps an unchanged section's resource). */
  readonly resources = new WeakMap<Resource, ResolvedEntry>();
  /** The extracted resource each memoized resolution came from. */
  readonly origins = new WeakMap<Resource, Resource>();
  /** The reference targets of an extracted resource's fields, in field order. */
  readonly refTargets = new WeakMap<Resource, string[]>();
  /** The versions a resolved resource names (resolved resources are never mutated). */
  readonly resourceVersions = new WeakMap<Resource, string[]>();
  /** The last set of known names: the same names give the same set, so resolutions find it by identity. */
  known: { names: string; set: ReadonlySet<string> } | null = null;
  /** The last versions found and their order. */
  versions: { found: string; ordered: string[] } | null = null;
}
