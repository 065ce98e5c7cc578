/** Document formatting: the parser's table formatter (the same as `specgen format`), one edit per changed line. */
import { formatTables } from '@specgen/parser';
import type { TextEdit } from 'vscode-languageserver';
import type { SpecDocument } from './spec-document.ts';

export function formatting(doc: SpecDocument): TextEdit[] {
  return formatTables(doc.text).map((edit) => ({
    range: {
      start: { line: edit.line - 1, character: 0 },
      end: { line: edit.line - 1, character: edit.oldText.length },
    },
    newText: edit.newText,
  }));
}
