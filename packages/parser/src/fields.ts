/** A field table (resource or structure) -> IR fields, with everything the Notes column states. */
import type { Field } from '@specgen/ir';
import { isVersion } from '@specgen/ir';
import type { Cell, TableBlock } from './blocks.ts';
import { positionIn, type ParseContext } from './context.ts';
import { enumValues, notesEnumItems } from './enumeration.ts';
import { isNone, readTable } from './table.ts';
import { parseType } from './types.ts';

const COLUMNS = [
  { key: 'name', names: ['name', 'field', 'property'], required: true },
  { key: 'type', names: ['type'], required: true },
  { key: 'notes', names: ['notes', 'description', 'note'], required: false },
  { key: 'since', names: ['since', 'version'], required: false },
];

export interface FieldTable {
  fields: Field[];
  hasSinceColumn: boolean;
}

export function readFieldTable(ctx: ParseContext, table: TableBlock, owner: string): FieldTable | null {
  const rows = readTable(ctx, table, COLUMNS, `field (${owner})`);
  if (!rows) return null;
  const hasSinceColumn = table.header.some((c) => ['since', 'version'].includes(c.text.toLowerCase()));
  const fields: Field[] = [];
  const seen = new Set<string>();
  // Indexed: a one-shot run's first rows run before TurboFan, where `for…of` allocates each step.
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const nameCell = row.name!;
    const name = nameCell.text;
    if (seen.has(name)) {
      ctx.report('duplicate-field', `field "${name}" appears twice in ${owner}`, nameCell);
      continue;
    }
    seen.add(name);
    const type = parseType(ctx, row.type!);
    // The notes' facts are written into the field itself (no object of them per field); the keys keep
    // their order, the type, the notes and the Since cell are still read in that order (diagnostics).
    const item: Field = {
      kind: 'field',
      name,
      type,
      notes: '',
      since: null,
      expandable: false,
      references: null,
      enumeration: null,
      obsolete: null,
      maxLength: null,
      source: ctx.source(nameCell),
    };
    readNotes(ctx, row.notes, owner, name, item);
    item.since = readVersion(ctx, row.since, owner, name);
    fields.push(item);
  }
  return { fields, hasSinceColumn };
}

/** The Since cell: a version, or a dash / empty for none. */
export function readVersion(ctx: ParseContext, cell: Cell | undefined, owner: string, field: string): string | null {
  const text = cell?.text ?? '';
  if (!cell || isNone(text)) return null;
  if (isVersion(text)) return text;
  ctx.report('malformed-version', `Since of ${owner}.${field} "${text}" is not a version such as 2.18`, cell);
  return null;
}

type NoteFacts = Pick<Field, 'notes' | 'expandable' | 'references' | 'enumeration' | 'obsolete' | 'maxLength'>;

/** Sets what the notes state on `facts` (a field made with none of them). */
export function readNotes(
  ctx: ParseContext,
  cell: Cell | undefined,
  resource: string,
  field: string,
  facts: NoteFacts,
): void {
  // `${resource}.${field}` is written only where the notes state something (30,000 fields of a large
  // spec, most with plain notes): no closure per field for it.
  const notes = cell?.text ?? '';
  const at = cell ?? { line: 1, column: 1 };
  facts.notes = notes;
  facts.expandable = notes.includes('xpandable') && /\bExpandable\b/.test(notes);
  facts.references = notes.includes('eferences')
    ? (/\b[Rr]eferences\s+([A-Z][A-Za-z0-9_]*)/.exec(notes)?.[1] ?? null)
    : null;
  // Cheap `includes` checks first: most notes state none of these.
  const found = notes.includes('=') ? notesEnumItems(notes) : null;
  if (found && found.items.length > 0) {
    facts.enumeration = {
      kind: 'enumeration',
      bitmask: found.bitmask,
      origin: 'notes',
      values: enumValues(ctx, found.items, notes, at, `${resource}.${field}`),
      source: ctx.source(at),
    };
  }
  const obsolete =
    notes.includes('bsolete') &&
    /\bObsolete since\s+(\S+?)\.?(?=[\s;,]|$)(?:[;,]?\s*replaced by\s+([A-Za-z_][A-Za-z0-9_]*))?/i.exec(notes);
  if (obsolete) {
    const pos = positionIn(at, notes, obsolete.index);
    if (isVersion(obsolete[1]!)) {
      facts.obsolete = { since: obsolete[1]!, replacedBy: obsolete[2] ?? null, source: ctx.source(pos) };
    } else {
      ctx.report(
        'malformed-version',
        `obsolete version "${obsolete[1]}" of ${resource}.${field} is not a version such as 24.1`,
        pos,
      );
    }
  }
  const max = notes.includes('ength') && /\bmaximum length\s+(\d+)/i.exec(notes);
  if (max && Number(max[1]) > 0 && Number.isSafeInteger(Number(max[1]))) facts.maxLength = Number(max[1]);
}
