/** Two generated declarations with one name would not compile (or would silently merge): refuse them. */
import type { TypesModel } from './model.ts';

export function assertUniqueNames(model: TypesModel): void {
  const seen = new Map<string, string>();
  const claim = (name: string, owner: string) => {
    const prior = seen.get(name);
    if (prior !== undefined && prior !== owner) throw new Error(`generated type name ${name} is used by both ${prior} and ${owner}`);
    seen.set(name, owner);
  };
  for (const r of [...model.resources, ...model.structures]) {
    claim(r.typeName, r.name);
    for (const e of r.enums) {
      claim(e.typeName, `${r.name}.${e.fieldName}`);
      if (e.bitmask) {
        claim(e.flagType, `${r.name}.${e.fieldName}`);
        claim(e.helpers, `${r.name}.${e.fieldName}`);
      }
    }
    if (r.kind === 'resource') for (const n of [r.sinceMap, r.versionView, r.fieldUnion]) claim(n, r.name);
  }
  for (const ref of model.references) claim(ref.typeName, ref.name);
}
