/** Types the spec names (as relations) without showing their fields: one open type each. */
import { type Spec, fieldsAt, resourcesAt } from '@specgen/ir';
import { naming } from '@specgen/naming';
import type { ReferenceView } from './model.ts';
import { scalarOf } from './ts-type.ts';

export function referenceViews(spec: Spec, version: string | null): ReferenceView[] {
  const known = new Set([...spec.resources.map((r) => r.name), ...spec.structures.map((s) => s.name)]);
  const used = new Map<string, string[]>();
  const owners = [...resourcesAt(spec, version).map((r) => ({ name: r.name, fields: fieldsAt(r, version) })), ...spec.structures];
  for (const owner of owners) {
    for (const f of owner.fields) {
      if (f.type.base.kind !== 'ref' || scalarOf(f) !== null || known.has(f.type.base.target)) continue;
      const list = used.get(f.type.base.target) ?? [];
      list.push(`${owner.name}.${f.name}`);
      used.set(f.type.base.target, list);
    }
  }
  return [...used.keys()].sort().map((name) => ({
    name,
    typeName: naming.recordType(name),
    usedBy: used.get(name)!,
    doc: [`A record of ${name}. Its fields are not shown in the spec beyond its business key \`Id\`; other properties are kept as \`unknown\`.`],
  }));
}
