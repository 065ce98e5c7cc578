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
  const index = new Map<string, number>();
  for (const col of columns) {
    const i = headers.findIndex((h) => col.names.includes(h));
    if (i >= 0) index.set(col.key, i);
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
  for (const cells of table.rows) {
    if (cells.length === 0) continue;
    const row: Row = {};
    const absent: string[] = [];
    let skip = false;
    for (const col of columns) {
      const i = index.get(col.key);
      if (i === undefined) continue;
      const cell = cells[i];
      const name = table.header[i]?.text ?? col.names[0]!;
      if (cell === undefined) {
        absent.push(name);
        skip ||= col.required;
      } else if (col.required && cell.text === '') {
        ctx.report('table-missing-cell', `${what} row has an empty "${name}" cell`, cell);
        skip = true;
      } else row[col.key] = cell;
    }
    if (absent.length > 0) {
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

/** A dash, an en dash or an empty cell mean "none". */
export function isNone(text: string): boolean {
  return text === '' || /^[-–—]$/.test(text);
}
