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

/**
 * Lines many fields share (`Spec type: ...`, `@since 2.24`, `At most 80 characters.`), made once per
 * distinct text: the views of a large spec hold them until every target is rendered.
 */
const typeLines = new Map<string, string>();
const maxLengthLines = new Map<number, string>();
const sinceLines = new Map<string, string>();

function shared<K>(lines: Map<K, string>, key: K, make: () => string): string {
  let line = lines.get(key);
  if (line === undefined) {
    line = make();
    lines.set(key, line);
  }
  return line;
}

export function fieldDoc(field: Field, ownerType: string, enumType: string | null): string[] {
  const lines: string[] = [];
  if (field.notes.trim()) lines.push(docSafe(field.notes));
  const scalar = scalarOf(field);
  lines.push(shared(typeLines, field.type.text, () => `Spec type: \`${docSafe(field.type.text)}\`.`));
  const scalarNote = scalar ? SCALAR_NOTES[scalar] : undefined;
  if (scalarNote) lines.push(scalarNote);
  if (field.expandable) lines.push(`Expandable: null unless requested with \`$expand=${field.name}\`.`);
  else if (scalar === null) lines.push('Related object: null unless it was expanded.');
  const maxLength = field.maxLength;
  if (maxLength !== null) lines.push(shared(maxLengthLines, maxLength, () => `At most ${maxLength} characters.`));
  if (enumType) lines.push(`@see {@link ${enumType}}`);
  const since = field.since;
  if (since) lines.push(shared(sinceLines, since, () => `@since ${since}`));
  if (field.obsolete) {
    const by = field.obsolete.replacedBy;
    const replacement = by ? `; use {@link ${ownerType}.${by} | ${by}} instead` : '';
    lines.push(`@deprecated Obsolete since ${field.obsolete.since}${replacement}.`);
  }
  return lines;
}
