/**
 * The fields of a resource or structure as of one service version: those that exist then, each
 * with its type, nullability, since, and whether it is obsolete at that version (and by what it
 * is replaced). A field that becomes obsolete later is shown as it was: in use.
 */
import { availableAt, type Field } from '@specgen/ir';

export interface EnumValueRow {
  value: number;
  name: string;
}

export interface FieldRow {
  name: string;
  /** The type as the spec writes it, e.g. `DateTimeOffset?`. */
  type: string;
  nullable: boolean;
  since: string | null;
  /** Set when the field is obsolete at the page's version. */
  obsolete: { since: string; replacedBy: string | null } | null;
  notes: string;
  references: string | null;
  expandable: boolean;
  maxLength: number | null;
  enumeration: { bitmask: boolean; values: EnumValueRow[] } | null;
}

export function fieldRow(field: Field, version: string): FieldRow {
  const obsolete = field.obsolete && availableAt(field.obsolete.since, version) ? field.obsolete : null;
  return {
    name: field.name,
    type: field.type.text,
    nullable: field.type.nullable,
    since: field.since,
    obsolete: obsolete ? { since: obsolete.since, replacedBy: obsolete.replacedBy } : null,
    notes: field.notes,
    references: field.references,
    expandable: field.expandable || field.type.base.kind === 'ref',
    maxLength: field.maxLength,
    enumeration: field.enumeration
      ? {
          bitmask: field.enumeration.bitmask,
          values: field.enumeration.values.map((v) => ({ value: v.value, name: v.name })),
        }
      : null,
  };
}

/** The rows of the fields that exist at `version`, in spec order. */
export function fieldRows(fields: readonly Field[], version: string): FieldRow[] {
  return fields.filter((f) => availableAt(f.since, version)).map((f) => fieldRow(f, version));
}
