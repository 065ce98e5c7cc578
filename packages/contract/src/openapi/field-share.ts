/**
 * Which field schemas of one document are the same object. A large spec repeats the same field
 * schema thousands of times (the Int64 `Id` of every record with its 852-character pattern, the
 * nullable strings and dates); built once per field, each was a fresh copy of the same contents,
 * which the OpenAPI and server targets then walked and compared again (the server's literal table
 * of `schemas.ts` found 71,509 repeats by content and 3 by identity). A field whose schema depends
 * only on the facts below (a scalar or a type word: no enumeration and no reference, which name or
 * register components of their own) gets one shared, deep-frozen schema per document build.
 *
 * Shared schemas are frozen: nothing may set a key on them later (the annotations are set on the
 * field's own new object before it is shared; a structure's field is a spread copy).
 */
import type { Field } from '@specgen/ir';
import { scalarWord } from '../json-schema.ts';

/**
 * The facts that decide the schema of `field`, as one string, or undefined when its schema is its
 * own (an enumeration or a reference to another schema). `gap`: the field-gap unknown naming it;
 * `obsoleteHere`: whether it is obsolete at the document's version.
 */
export function fieldShareKey(field: Field, gap: string | undefined, obsoleteHere: boolean): string | undefined {
  if (field.enumeration) return undefined;
  // The free texts joined below: one holding the separator keeps its own schema, so keys never collide.
  if (field.notes.includes('\u0001') || field.references?.includes('\u0001')) return undefined;
  const base = field.type.base;
  let word: string;
  if (base.kind === 'scalar') word = base.scalar;
  else if (scalarWord(base.target) !== undefined) word = `:${base.target}`;
  else return undefined;
  const obsolete = obsoleteHere ? field.obsolete : null;
  // Joined by a control character no spec text holds: one concatenation, no JSON text of an array.
  const flags = `${field.type.array ? 'a' : ''}${field.type.nullable ? 'n' : ''}${field.expandable ? 'x' : ''}`;
  return `${word}\u0001${field.maxLength ?? ''}\u0001${flags}\u0001${gap ?? ''}\u0001${field.notes}\u0001${
    field.since ?? ''
  }\u0001${field.references ?? ''}\u0001${obsolete ? `${obsolete.since}\u0002${obsolete.replacedBy ?? ''}` : ''}`;
}
