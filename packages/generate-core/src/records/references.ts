/** Types the spec names (as relations) without showing their fields: one open type each. */
import { type Field, type Spec, fieldsAt, resourcesAt } from '@specgen/ir';
import { naming } from '@specgen/naming';
import type { ReferenceView } from './model.ts';
import { scalarOf } from './ts-type.ts';

export function referenceViews(spec: Spec, version: string | null): ReferenceView[] {
  const known = new Set([...spec.resources.map((r) => r.name), ...spec.structures.map((s) => s.name)]);
  const used = new Map<string, string[]>();
  const owners = [
    ...resourcesAt(spec, version).map((r) => refsOf(r, () => fieldsAt(r, version), version)),
    ...spec.structures.map((s) => refsOf(s, () => s.fields, null)),
  ];
  for (const refs of owners) {
    for (const [target, usedBy] of refs) {
      if (known.has(target)) continue;
      const list = used.get(target) ?? [];
      list.push(usedBy);
      used.set(target, list);
    }
  }
  return [...used.keys()].sort().map((name) => ({
    name,
    typeName: naming.recordType(name),
    usedBy: used.get(name)!,
    doc: [
      `A record of ${name}. Its fields are not shown in the spec beyond its business key \`Id\`; other properties are kept as \`unknown\`.`,
    ],
  }));
}

/** Non-scalar reference fields of a resource or structure as `[target, Owner.Field]`, kept per IR object and version. */
const refsByOwner = new WeakMap<object, Map<string | null, [string, string][]>>();

function refsOf(owner: { name: string }, fields: () => readonly Field[], version: string | null): [string, string][] {
  let byVersion = refsByOwner.get(owner);
  if (!byVersion) {
    byVersion = new Map();
    refsByOwner.set(owner, byVersion);
  }
  let refs = byVersion.get(version);
  if (!refs) {
    refs = fields().flatMap((f): [string, string][] =>
      f.type.base.kind === 'ref' && scalarOf(f) === null ? [[f.type.base.target, `${owner.name}.${f.name}`]] : [],
    );
    byVersion.set(version, refs);
  }
  return refs;
}
