/** Two generated declarations with one name would not compile (or would silently merge): refuse them. */
import type { EnumView } from './enums.ts';
import type { RecordView, TypesModel } from './model.ts';

/** The names each view declares, with their owner; kept per view object (views are memoized between builds). */
const claimsOf = new WeakMap<RecordView, [string, string][]>();

function viewClaims(r: RecordView): [string, string][] {
  let claims = claimsOf.get(r);
  if (claims) return claims;
  claims = [[r.typeName, r.name]];
  for (const e of r.enums) {
    claims.push([e.typeName, `${r.name}.${e.fieldName}`]);
    if (e.bitmask) claims.push([e.flagType, `${r.name}.${e.fieldName}`], [e.helpers, `${r.name}.${e.fieldName}`]);
  }
  if (r.kind === 'resource') for (const n of [r.sinceMap, r.versionView, r.fieldUnion]) claims.push([n, r.name]);
  claimsOf.set(r, claims);
  return claims;
}

/**
 * `kept`: the model's views are kept for later builds (watch mode): the claims that passed are kept
 * too, and a later model is checked by what changed. A one-shot build keeps nothing.
 */
export function assertUniqueNames(model: TypesModel, kept = false): void {
  if (!kept) {
    assertUniqueOnce(model);
    return;
  }
  if (checked.unchangedOrUnique(model)) return;
  const seen = new Map<string, string>();
  const claim = (name: string, owner: string) => {
    const prior = seen.get(name);
    if (prior !== undefined && prior !== owner)
      throw new Error(`generated type name ${name} is used by both ${prior} and ${owner}`);
    seen.set(name, owner);
  };
  for (const views of [model.resources, model.structures])
    for (const r of views) for (const [name, owner] of viewClaims(r)) claim(name, owner);
  for (const ref of model.references) claim(ref.typeName, ref.name);
}

/**
 * The same check for a model built once (a one-shot run): the claims read from the views as they are
 * checked, not listed and kept per view. An owner is its view (a record, or an enumeration: `Record.Field`),
 * spelled only when its name was claimed before by another view: owners compare by that spelling, as above.
 */
function assertUniqueOnce(model: TypesModel): void {
  const seen = new Map<string, Owner>();
  const claim = (name: string, owner: Owner) => {
    const prior = seen.get(name);
    seen.set(name, owner);
    if (prior === undefined || prior === owner) return;
    const before = ownerName(model, prior);
    const after = ownerName(model, owner);
    if (before !== after) throw new Error(`generated type name ${name} is used by both ${before} and ${after}`);
  };
  for (const views of [model.resources, model.structures]) {
    for (const r of views) {
      claim(r.typeName, r);
      for (const e of r.enums) {
        claim(e.typeName, e);
        if (e.bitmask) {
          claim(e.flagType, e);
          claim(e.helpers, e);
        }
      }
      if (r.kind === 'resource') {
        claim(r.sinceMap, r);
        claim(r.versionView, r);
        claim(r.fieldUnion, r);
      }
    }
  }
  for (const ref of model.references) claim(ref.typeName, ref.name);
}

/** A record view, an enumeration view of one, or a reference's name. */
type Owner = RecordView | EnumView | string;

function ownerName(model: TypesModel, owner: Owner): string {
  if (typeof owner === 'string') return owner;
  if ('kind' in owner) return owner.name;
  for (const views of [model.resources, model.structures])
    for (const r of views) if (r.enums.includes(owner)) return `${r.name}.${owner.fieldName}`;
  return owner.fieldName;
}

/**
 * The claims of the last model that passed, counted by name and owner, so that a watch edit (a few
 * views new, the others the same objects) checks only the names of the views that came or went.
 * It only ever says "unique"; anything else is left to the full check above, which names the clash.
 */
class CheckedClaims {
  #views = new Map<RecordView, number>();
  #references: [string, string][] = [];
  /** name -> owner -> how many claims. */
  #owners = new Map<string, Map<string, number>>();

  unchangedOrUnique(model: TypesModel): boolean {
    const views = new Map<RecordView, number>();
    for (const list of [model.resources, model.structures]) for (const v of list) views.set(v, (views.get(v) ?? 0) + 1);
    const references = model.references.map((r): [string, string] => [r.typeName, r.name]);
    const touched = new Set<string>();
    const count = (claims: readonly [string, string][], by: number) => {
      for (const [name, owner] of claims) {
        touched.add(name);
        let owners = this.#owners.get(name);
        if (!owners) {
          owners = new Map();
          this.#owners.set(name, owners);
        }
        const n = (owners.get(owner) ?? 0) + by;
        if (n === 0) owners.delete(owner);
        else owners.set(owner, n);
        if (owners.size === 0) this.#owners.delete(name);
      }
    };
    for (const [v, n] of this.#views) {
      const now = views.get(v) ?? 0;
      if (now !== n) for (let i = 0; i < Math.abs(now - n); i++) count(viewClaims(v), now > n ? 1 : -1);
    }
    for (const [v, n] of views) if (!this.#views.has(v)) for (let i = 0; i < n; i++) count(viewClaims(v), 1);
    count(this.#references, -1);
    count(references, 1);
    this.#views = views;
    this.#references = references;
    for (const name of touched) {
      if ((this.#owners.get(name)?.size ?? 0) <= 1) continue;
      // A clash: forget everything, so that the full check runs (and throws) until a model passes it.
      this.#views = new Map();
      this.#references = [];
      this.#owners = new Map();
      return false;
    }
    return true;
  }
}

const checked = new CheckedClaims();
