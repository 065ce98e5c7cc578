/** JSDoc lines of a generated field: notes, spec type, `@since`, `@deprecated` with the replacement. */
import type { Field } from '@specgen/ir';
import { scalarOf } from './ts-type.ts';

/** Text safe inside a block comment, one line. */
const NEEDS_CLEANING = /\*\/|\s\s|[\t\n\r\f\v]|^\s|\s$/;

export function docSafe(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  return text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim();
}

const SCALAR_NOTES: Partial<Record<string, string>> = {
  DateTimeOffset: 'ISO 8601 date-time with an offset, e.g. `2026-03-01T08:00:00+01:00`.',
  TimeSpan: 'Duration `[-][d.]hh:mm:ss[.fffffff]`, e.g. `1.02:03:04`.',
};

export function fieldDoc(field: Field, ownerType: string, enumType: string | null): string[] {
  const lines: string[] = [];
  if (field.notes.trim()) lines.push(docSafe(field.notes));
  const scalar = scalarOf(field);
  lines.push(`Spec type: \`${docSafe(field.type.text)}\`.`);
  const scalarNote = scalar ? SCALAR_NOTES[scalar] : undefined;
  if (scalarNote) lines.push(scalarNote);
  if (field.expandable) lines.push(`Expandable: null unless requested with \`$expand=${field.name}\`.`);
  else if (scalar === null) lines.push('Related object: null unless it was expanded.');
  if (field.maxLength !== null) lines.push(`At most ${field.maxLength} characters.`);
  if (enumType) lines.push(`@see {@link ${enumType}}`);
  if (field.since) lines.push(`@since ${field.since}`);
  if (field.obsolete) {
    const by = field.obsolete.replacedBy;
    const replacement = by ? `; use {@link ${ownerType}.${by} | ${by}} instead` : '';
    lines.push(`@deprecated Obsolete since ${field.obsolete.since}${replacement}.`);
  }
  return lines;
}
