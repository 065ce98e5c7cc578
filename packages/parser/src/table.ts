/** Column lookup by header name, with diagnostics for missing columns and cells. */
import type { Cell, TableBlock } from './blocks.ts';
import type { ParseContext } from './context.ts';

export type Row = Record<string, Cell | undefined> & { __row: Cell[] };

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
  const index = new Map<string, number>();
  for (const col of columns) {
    const i = headers.findIndex((h) => col.names.includes(h));
    if (i >= 0) index.set(col.key, i);
    else if (col.required) {
      ctx.report('table-missing-column', `${what} table has no "${col.names[0]}" column (columns: ${table.header.map((c) => c.text).join(', ') || 'none'})`, table);
      return null;
    }
  }
  const rows: Row[] = [];
  for (const cells of table.rows) {
    if (cells.length === 0) continue;
    const row = { __row: cells } as Row;
    let ok = true;
    for (const col of columns) {
      const i = index.get(col.key);
      if (i === undefined) continue;
      const cell = cells[i];
      if (cell === undefined || (col.required && cell.text === '')) {
        const last = cells[cells.length - 1]!;
        const at = cell ?? { line: last.line, column: last.column + last.text.length };
        const expected = table.header[i]?.text ?? col.names[0];
        if (col.required || cell === undefined) {
          ctx.report('table-missing-cell', `${what} row is missing the "${expected}" cell`, at);
        }
        if (col.required) { ok = false; break; }
        continue;
      }
      row[col.key] = cell;
    }
    if (ok) rows.push(row);
  }
  return rows;
}

export function cellText(row: Row, key: string): string {
  return row[key]?.text ?? '';
}

/** A dash, an en dash or an empty cell mean "none". */
export function isNone(text: string): boolean {
  return text === '' || /^[-–—]$/.test(text);
}
