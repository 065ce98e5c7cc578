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

/** An extracted resource of a section that only moved (parse-memo.ts): the resource it was moved from. */
interface MovedExtraction {
  previous: Resource;
  /** Lines added (or, negative, removed) above the section. */
  delta: number;
}

export class ResolveMemo {
  /** By extracted resource (the parse memo keeps an unchanged section's resource). */
  readonly resources = new WeakMap<Resource, ResolvedEntry>();
  /**
   * Extracted resources of sections that only moved in the current parse, and what they moved from
   * (dropped after each parse: kept, each would hold every earlier version of its resource).
   */
  moved = new WeakMap<Resource, MovedExtraction>();
  /** The extracted resource each memoized resolution came from. */
  readonly origins = new WeakMap<Resource, Resource>();
  /** The reference targets of an extracted resource's fields, in field order. */
  readonly refTargets = new WeakMap<Resource, string[]>();
  /** The versions a resolved resource names (resolved resources are never mutated). */
  readonly resourceVersions = new WeakMap<Resource, readonly string[]>();
  /** How many resolutions were made by moving a previous one (relocate.ts), since the memo was made. */
  relocations = 0;
  /** The last set of known names: the same names give the same set, so resolutions find it by identity. */
  known: { names: string; set: ReadonlySet<string> } | null = null;
  /** Lists of versions named by resources, by their text (resolve-versions.ts). */
  readonly versionLists = new Map<string, readonly string[]>();
  /** Each resource's list of versions in the last parse, and the versions of them all, in the order found. */
  lastVersionLists: { lists: readonly (readonly string[])[]; found: readonly string[] } | null = null;
  /** The last versions found and their order. */
  versions: { found: string; ordered: string[] } | null = null;
}
