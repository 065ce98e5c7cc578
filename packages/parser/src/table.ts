/** Column lookup by header name, with diagnostics for missing columns and cells. */
import type { Cell, TableBlock } from './blocks.ts';
import type { ParseContext } from './context.ts';

/** Cells of one row by column key. */
export type Row = Record<string, Cell | undefined>;

export interface ColumnSpec {
  /** Key the row is read by. */
  key: string;
  /** Accepted header names (lower case). */
  names: string[];
  required: boolean;
}

/**
 * Maps each row to `{key: cell}`. Reports `table-missing-column` (table skipped, null returned)
 * and `table-missing-cell` for rows lacking a required cell (row skipped).
 */
export function readTable(ctx: ParseContext, table: TableBlock, columns: ColumnSpec[], what: string): Row[] | null {
  const headers = table.header.map((c) => c.text.toLowerCase().replace(/\s+/g, ' '));
  // The columns found, in the order of `columns`, with their index and header text: looked up once
  // per table, not for each cell (30,000 rows in a large spec).
  const found: { key: string; at: number; required: boolean; name: string }[] = [];
  for (const col of columns) {
    const i = headers.findIndex((h) => col.names.includes(h));
    if (i >= 0)
      found.push({ key: col.key, at: i, required: col.required, name: table.header[i]?.text ?? col.names[0]! });
    else if (col.required) {
      ctx.report(
        'table-missing-column',
        `${what} table has no "${col.names[0]}" column (columns: ${table.header.map((c) => c.text).join(', ') || 'none'})`,
        table,
      );
      return null;
    }
  }
  const rows: Row[] = [];
  // Indexed loops: a one-shot run's first rows run before TurboFan, where `for…of` allocates each step.
  for (let r = 0; r < table.rows.length; r++) {
    const cells = table.rows[r]!;
    if (cells.length === 0) continue;
    const row: Row = {};
    let absent: string[] | null = null;
    let skip = false;
    for (let f = 0; f < found.length; f++) {
      const col = found[f]!;
      const cell = cells[col.at];
      if (cell === undefined) {
        absent ??= [];
        absent.push(col.name);
        skip ||= col.required;
      } else if (col.required && cell.text === '') {
        ctx.report('table-missing-cell', `${what} row has an empty "${col.name}" cell`, cell);
        skip = true;
      } else row[col.key] = cell;
    }
    if (absent !== null) {
      const last = cells[cells.length - 1]!;
      const plural = absent.length > 1 ? 's' : '';
      ctx.report(
        'table-missing-cell',
        `${what} row has ${cells.length} of ${table.header.length} cells; missing the ${absent.map((a) => `"${a}"`).join(', ')} cell${plural}`,
        { line: last.line, column: last.column + last.text.length },
      );
    }
    if (!skip) rows.push(row);
  }
  return rows;
}

export function cellText(row: Row, key: string): string {
  return row[key]?.text ?? '';
}

/** A dash, an en dash (or an em dash) or an empty cell mean "none". */
export function isNone(text: string): boolean {
  if (text.length !== 1) return text === '';
  const c = text.charCodeAt(0);
  // `-`, `–`, `—`: compared by code, not by a regular expression (a Since cell of most fields)
  return c === 45 || c === 0x2013 || c === 0x2014;
}
