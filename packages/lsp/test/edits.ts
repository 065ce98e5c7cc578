/** Applies LSP text edits to a text (as an editor would), for the tests. */
import type { TextEdit } from 'vscode-languageserver-protocol';

function offsetAt(text: string, line: number, character: number): number {
  let offset = 0;
  for (let l = 0; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return offset + character;
}

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort(
    (a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character,
  );
  let out = text;
  for (const e of sorted) {
    const start = offsetAt(out, e.range.start.line, e.range.start.character);
    const end = offsetAt(out, e.range.end.line, e.range.end.character);
    out = out.slice(0, start) + e.newText + out.slice(end);
  }
  return out;
}
