/**
 * Which objects of an `ir.json` entry had a `source` (snapshot-positions.ts), read from the IR schema:
 * every object shape of the schema that has one, less it, differs from every object shape that has
 * none (checked when this module loads), so the reader knows where each position goes without any
 * mark in the entry lines. A module of its own: it walks the zod schema when it loads, which only
 * the snapshot's reader needs (the writer, in the generators, does not load zod).
 */
import { Spec } from './schema.ts';

interface ZodDef {
  type: string;
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  element?: { _zod: { def: ZodDef } };
  innerType?: { _zod: { def: ZodDef } };
  options?: { _zod: { def: ZodDef } }[];
}

/** Sorted key lists (joined by commas) of the schema's objects: those that have a `source` (without it), and the rest. */
function schemaShapes(): { sourced: Set<string>; plain: Set<string> } {
  const sourced = new Set<string>();
  const plain = new Set<string>();
  const seen = new Set<ZodDef>();
  const visit = (def: ZodDef): void => {
    if (seen.has(def)) return;
    seen.add(def);
    if (def.type === 'object' && def.shape) {
      const keys = Object.keys(def.shape).sort();
      if (keys.includes('source')) sourced.add(keys.filter((k) => k !== 'source').join(','));
      else plain.add(keys.join(','));
      for (const k of keys) if (k !== 'source') visit((def.shape[k] as { _zod: { def: ZodDef } })._zod.def);
    }
    for (const inner of [def.element, def.innerType, ...(def.options ?? [])]) if (inner) visit(inner._zod.def);
  };
  visit((Spec as unknown as { _zod: { def: ZodDef } })._zod.def);
  for (const shape of sourced)
    if (plain.has(shape)) throw new Error(`IR schema: objects with keys ${shape} may or may not have a source`);
  return { sourced, plain };
}

const shapes = schemaShapes();

/** Whether an object with these keys (sorted, no `source`) is one of the IR's objects that have a `source`. */
export function sourcedShape(sortedKeys: readonly string[]): boolean {
  return shapes.sourced.has(sortedKeys.join(','));
}
