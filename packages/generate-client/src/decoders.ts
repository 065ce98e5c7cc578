/**
 * The client's decoders (`decode.ts`): they make Int64 fields bigint and recurse into expanded
 * relations, without validating. Kept per resource object (watch mode keeps unchanged ones).
 */
import { type Field, type Resource, stableIdentity } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { isRelation } from '@specgen/contract';
import type { DecoderView } from './model.ts';

/** The decoder of a resource's own fields and its relations' targets, kept per resource object and field set (`*` = every field). */
const ownDecoders = new WeakMap<Resource, Map<string, { view: DecoderView; targets: string[] }>>();

function decoderView(typeName: string, fields: readonly Field[]): DecoderView {
  const view: DecoderView = { typeName, int64: [], objects: [] };
  for (const f of fields) {
    const base = f.type.base;
    if (base.kind === 'scalar') {
      if (base.scalar === 'Int64') view.int64.push(f.name);
    } else if (isRelation(f)) view.objects.push({ name: f.name, decoder: naming.recordType(base.target) });
  }
  return view;
}

function resourceDecoder(
  r: Resource,
  fields: () => readonly Field[],
  fieldSet: string,
): { view: DecoderView; targets: string[] } {
  let bySet = ownDecoders.get(stableIdentity(r));
  if (!bySet) {
    bySet = new Map();
    ownDecoders.set(stableIdentity(r), bySet);
  }
  let entry = bySet.get(fieldSet);
  if (!entry) {
    const own = fields();
    entry = {
      view: decoderView(naming.recordType(r.name), own),
      targets: own.flatMap((f) => (f.type.base.kind === 'ref' && isRelation(f) ? [f.type.base.target] : [])),
    };
    bySet.set(fieldSet, entry);
  }
  return entry;
}

/**
 * Decoders make Int64 fields bigint (and recurse into expanded relations) without validating.
 * A relation's target gets its decoder when first reached: a resource of the spec from all its
 * fields, another type from its `Id` alone.
 */
export function addDecoder(
  resource: Resource,
  fields: () => readonly Field[],
  fieldSet: string,
  byName: ReadonlyMap<string, Resource>,
  out: Map<string, DecoderView>,
): void {
  const typeName = naming.recordType(resource.name);
  if (out.has(typeName)) return;
  const { view, targets } = resourceDecoder(resource, fields, fieldSet);
  out.set(typeName, view);
  for (const target of targets) {
    const own = byName.get(target);
    if (own) addDecoder(own, () => own.fields, '*', byName, out);
    else {
      const name = naming.recordType(target);
      if (!out.has(name)) out.set(name, { typeName: name, int64: ['Id'], objects: [] });
    }
  }
}
