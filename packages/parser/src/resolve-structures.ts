/**
 * The structures pass: every reference type in a sign-in structure gets `known` (whether a resource
 * or structure of that name exists), on copies. A sign-in structure is a whole JSON body, so a name
 * in it must be defined (resource tables may name referenced resources whose fields are not shown,
 * so only look-alikes of scalars are typos there).
 */
import type { Field, Structure } from '@specgen/ir';
import type { ParseContext } from './context.ts';
import { unresolvedMessage } from './types.ts';

export function resolveStructures(
  ctx: ParseContext,
  structures: readonly Structure[],
  known: ReadonlySet<string>,
): Structure[] {
  const resolved = structures.map((s) => ({ ...s, fields: s.fields.map((f) => withKnown(f, known)) }));
  for (const s of structures) {
    for (const f of s.fields) {
      const base = f.type.base;
      const at = ctx.typeCells.get(f.type);
      if (base.kind === 'ref' && !known.has(base.target) && at) {
        ctx.report('unknown-type', unresolvedMessage(base.target, s.name, f.name, known), at);
      }
    }
  }
  return resolved;
}

function withKnown(f: Field, known: ReadonlySet<string>): Field {
  const base = f.type.base;
  if (base.kind !== 'ref') return f;
  return { ...f, type: { ...f.type, base: { ...base, known: known.has(base.target) } } };
}
