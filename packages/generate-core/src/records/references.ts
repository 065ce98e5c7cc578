/** Types the spec names (as relations) without showing their fields: one open type each. */
import { type Field, type Spec, fieldsAt, resourcesAt, stableIdentity } from '@specgen/ir';
import { naming } from '@specgen/naming';
import type { ReferenceView } from './model.ts';
import { scalarOf } from './ts-type.ts';

/** The last views a kept build made, and what they were made from: the same inputs give the same views. */
let last: { names: string; owners: [string, string][][]; views: ReferenceView[] } | null = null;

/** `kept`: a build whose views are kept for later builds (watch mode), which keeps these views too. */
export function referenceViews(spec: Spec, version: string | null, kept = false): ReferenceView[] {
  const names = [...spec.resources.map((r) => r.name), ...spec.structures.map((s) => s.name)];
  const owners = [
    ...resourcesAt(spec, version).map((r) => refsOf(r, () => fieldsAt(r, version), version)),
    ...spec.structures.map((s) => refsOf(s, () => s.fields, null)),
  ];
  if (!kept) return viewsOf(new Set(names), owners);
  const joined = names.join('\n');
  if (last?.names === joined && last.owners.length === owners.length && last.owners.every((o, i) => o === owners[i]))
    return last.views;
  const views = viewsOf(new Set(names), owners);
  last = { names: joined, owners, views };
  return views;
}

function viewsOf(known: ReadonlySet<string>, owners: readonly [string, string][][]): ReferenceView[] {
  const used = new Map<string, string[]>();
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

/**
 * Non-scalar reference fields of a resource or structure as `[target, Owner.Field]`, kept per entry
 * and version. By position-free identity (`stableIdentity`): an entry that only moved names the same.
 */
const refsByOwner = new WeakMap<object, Map<string | null, [string, string][]>>();

function refsOf(owner: { name: string }, fields: () => readonly Field[], version: string | null): [string, string][] {
  const entry = stableIdentity(owner);
  let byVersion = refsByOwner.get(entry);
  if (!byVersion) {
    byVersion = new Map();
    refsByOwner.set(entry, byVersion);
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
