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
  // The lines are picked first and the array made at its length: an array grown by `push` from `[]`
  // keeps room for 17 lines, and these arrays (one per field, 2-7 lines) live as long as the model.
  const notes = field.notes.trim() ? docSafe(field.notes) : null;
  const scalar = scalarOf(field);
  const typeLine = shared(typeLines, field.type.text, () => `Spec type: \`${docSafe(field.type.text)}\`.`);
  const scalarNote = (scalar ? SCALAR_NOTES[scalar] : undefined) ?? null;
  const relation = field.expandable
    ? `Expandable: null unless requested with \`$expand=${field.name}\`.`
    : scalar === null
      ? 'Related object: null unless it was expanded.'
      : null;
  const maxLength = field.maxLength;
  const maxLengthLine =
    maxLength === null ? null : shared(maxLengthLines, maxLength, () => `At most ${maxLength} characters.`);
  const seeLine = enumType ? `@see {@link ${enumType}}` : null;
  const since = field.since;
  const sinceLine = since ? shared(sinceLines, since, () => `@since ${since}`) : null;
  let deprecated: string | null = null;
  if (field.obsolete) {
    const by = field.obsolete.replacedBy;
    const replacement = by ? `; use {@link ${ownerType}.${by} | ${by}} instead` : '';
    deprecated = `@deprecated Obsolete since ${field.obsolete.since}${replacement}.`;
  }
  const picked = [notes, typeLine, scalarNote, relation, maxLengthLine, seeLine, sinceLine, deprecated] as const;
  let count = 0;
  for (const line of picked) if (line !== null) count++;
  const lines = new Array<string>(count);
  let at = 0;
  for (const line of picked) if (line !== null) lines[at++] = line;
  return lines;
}
