/**
 * The component map of an OpenAPI document's schema registry (schemas.ts), with a record/replay
 * journal: what a piece of work (the routes of one resource) did to the map is recorded, so that a
 * later document can replay it instead of doing the work again (resource-memo.ts).
 */
import { type Resource, type Spec, stableIdentity } from '@specgen/ir';
import type { JsonSchema } from '../json-schema.ts';

/**
 * What a piece of work (the routes of one resource) did to a registry, so that it can be replayed
 * instead of done again (resource-memo.ts): the names it found present or absent before it set
 * them, the components it set in order, and the resources it looked up by name.
 */
export interface RegistryJournal {
  /** Names found present that the work had not set itself. */
  present: Set<string>;
  /** Names found absent (the work then set them). */
  absent: Set<string>;
  /** Every `set` of the component map, in order (a record is reserved first, then filled). */
  sets: [string, JsonSchema][];
  /** Names the work set. */
  own: Set<string>;
  resources: Map<string, Resource | undefined>;
}

/** Component schemas by name, and the journal of the work being recorded, if any. */
export class JournaledComponents {
  readonly components = new Map<string, JsonSchema>();
  private journal: RegistryJournal | null = null;
  /**
   * Names present beyond the map (a patched build, document-patch.ts: the names the last build had
   * set before the resource in hand); null = only the map.
   */
  presentBefore: ((name: string) => boolean) | null = null;
  constructor(readonly spec: Spec) {}

  private present(name: string): boolean {
    return this.components.has(name) || this.presentBefore?.(name) === true;
  }

  /** Runs `work` and returns what it did to the registry (see {@link RegistryJournal}). */
  record<T>(work: () => T): { value: T; journal: RegistryJournal } {
    if (this.journal) throw new Error('SchemaRegistry.record: already recording');
    const journal: RegistryJournal = {
      present: new Set(),
      absent: new Set(),
      sets: [],
      own: new Set(),
      resources: new Map(),
    };
    this.journal = journal;
    try {
      return { value: work(), journal };
    } finally {
      this.journal = null;
    }
  }

  /** Whether the journal's work would do the same here: every name it read is present or absent as it was then. */
  canReplay(journal: RegistryJournal): boolean {
    for (const name of journal.present) if (!this.present(name)) return false;
    for (const name of journal.absent) if (this.present(name)) return false;
    // by position-free identity: a looked-up resource that only moved is the same input
    for (const [name, resource] of journal.resources) {
      if (!sameEntry(resourceNamed(this.spec, name), resource)) return false;
    }
    return true;
  }

  /** Sets what the journal's work set, in the same order (check {@link canReplay} first). */
  replay(journal: RegistryJournal): void {
    for (const [name, schema] of journal.sets) this.components.set(name, schema);
  }

  protected has(name: string): boolean {
    const present = this.present(name);
    const journal = this.journal;
    if (journal && !journal.own.has(name)) (present ? journal.present : journal.absent).add(name);
    return present;
  }

  protected put(name: string, schema: JsonSchema): void {
    if (this.journal) {
      this.journal.sets.push([name, schema]);
      this.journal.own.add(name);
    }
    this.components.set(name, schema);
  }

  /** The spec's resource of that name (the first, as `find` gives it). */
  resource(name: string): Resource | undefined {
    const resource = resourceNamed(this.spec, name);
    this.journal?.resources.set(name, resource);
    return resource;
  }
}

const byName = new WeakMap<Spec, Map<string, Resource>>();

/** The first resource of each name, once per spec (`find` per referenced field was quadratic). */
export function resourcesByName(spec: Spec): Map<string, Resource> {
  let map = byName.get(spec);
  if (!map) {
    map = new Map();
    for (const r of spec.resources) if (!map.has(r.name)) map.set(r.name, r);
    byName.set(spec, map);
  }
  return map;
}

function resourceNamed(spec: Spec, name: string): Resource | undefined {
  return resourcesByName(spec).get(name);
}

const sameEntry = (a: Resource | undefined, b: Resource | undefined) =>
  a === b || (a !== undefined && b !== undefined && stableIdentity(a) === stableIdentity(b));
