/** Two generated declarations with one name would not compile (or would silently merge): refuse them. */
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

export function assertUniqueNames(model: TypesModel): void {
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
