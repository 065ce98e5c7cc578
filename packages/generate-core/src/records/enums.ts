/** Enumerations become const objects plus union types; bitmasks also get has/set/flags helpers. */
import type { Field } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { docSafe } from './field-doc.ts';
import { propertyKey } from './ts-type.ts';

export interface EnumView {
  /** Const object and type name, e.g. `ProductRecordStatus`. */
  typeName: string;
  bitmask: boolean;
  /** Bitmask only: union of flag names, e.g. `ProductRecordBlockContextFlag`. */
  flagType: string;
  /** Bitmask only: helper object, e.g. `ProductRecordBlockContextFlags`. */
  helpers: string;
  fieldName: string;
  values: { key: string; name: string; value: number }[];
  doc: string[];
}

export function enumView(ownerName: string, field: Field): EnumView | null {
  const e = field.enumeration;
  if (!e || e.values.length === 0) return null;
  const typeName = naming.enumType(ownerName, field.name);
  const values = byValue(e.values).map((v) => ({ key: propertyKey(v.name), name: v.name, value: v.value }));
  const doc = [
    e.bitmask
      ? `Flags of \`${ownerName}.${field.name}\` (a bitmask: values combine with bitwise or).`
      : `Values of \`${ownerName}.${field.name}\`, spelled as in the spec.`,
  ];
  if (field.notes.trim()) doc.push(docSafe(field.notes));
  return {
    typeName,
    bitmask: e.bitmask,
    flagType: naming.bitmaskFlag(ownerName, field.name),
    helpers: naming.bitmaskHelpers(ownerName, field.name),
    fieldName: field.name,
    values,
    doc,
  };
}

/**
 * Enumeration values in ascending order of value: the array itself when it already is (as a spec
 * usually lists them), else a sorted copy. Runs for every enumerated field of every target.
 */
export function byValue<V extends { value: number }>(values: readonly V[]): readonly V[] {
  for (let i = 1; i < values.length; i++) {
    if ((values[i] as V).value < (values[i - 1] as V).value) return [...values].sort((a, b) => a.value - b.value);
  }
  return values;
}
