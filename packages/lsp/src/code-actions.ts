/**
 * Quick fixes: the "did you mean X?" replacement of any diagnostic that suggests one, the fix a code's
 * catalogue entry describes (`DiagnosticDoc.fix`: remove a repeated row, add missing cells, write a
 * dash over a malformed version), and the missing-since fix: a field row whose Since cell is a dash,
 * empty or absent gets the spec's newest version.
 */
import { DIAGNOSTIC_CODES, isDiagnosticCode, type DiagnosticFix } from '@specgen/diagnostics';
import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type TextEdit,
} from 'vscode-languageserver';
import { suggestionOf } from './diagnostics.ts';
import type { SpecDocument } from './spec-document.ts';
import { rowCells, tableAround } from './text.ts';

export function codeActions(doc: SpecDocument, params: CodeActionParams): CodeAction[] {
  const actions: CodeAction[] = [];
  const fix = (title: string, edits: TextEdit[], diagnostic?: Diagnostic): CodeAction => ({
    title,
    kind: CodeActionKind.QuickFix,
    ...(diagnostic ? { diagnostics: [diagnostic], isPreferred: true } : {}),
    edit: { changes: { [doc.uri]: edits } },
  });
  for (const d of params.context.diagnostics) {
    if (d.source !== 'specgen') continue;
    const suggestion = typeof d.message === 'string' ? suggestionOf(d.message) : null;
    if (suggestion) {
      const written = (doc.lines[d.range.start.line] ?? '').slice(d.range.start.character, d.range.end.character);
      const newText =
        /^JSON\s/.test(suggestion) && !/^JSON\s/.test(written) ? suggestion.replace(/^JSON\s+/, '') : suggestion;
      actions.push(fix(`Change to ${newText}`, [{ range: d.range, newText }], d));
    }
    const code = typeof d.code === 'string' && isDiagnosticCode(d.code) ? d.code : null;
    const described = code ? DIAGNOSTIC_CODES[code].fix : undefined;
    const edits = described ? catalogueEdits(doc, d, described) : [];
    if (described && edits.length > 0) actions.push(fix(described.title, edits, d));
  }
  for (let line = params.range.start.line; line <= params.range.end.line && line < doc.lines.length; line++) {
    const since = missingSince(doc, line);
    if (since) actions.push(fix(`Set Since to ${since.version} (the newest version of the spec)`, [since.edit]));
  }
  return actions;
}

function catalogueEdits(doc: SpecDocument, d: Diagnostic, described: DiagnosticFix): TextEdit[] {
  const line = d.range.start.line;
  const text = doc.lines[line] ?? '';
  if (described.kind === 'replace-with-dash') return [{ range: d.range, newText: '-' }];
  if (described.kind === 'delete-row') {
    if (!text.includes('|')) return [];
    return [{ range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, newText: '' }];
  }
  const table = tableAround(doc.lines, line);
  if (!table) return [];
  const want = rowCells(doc.lines[table.header] ?? '').length;
  const have = rowCells(text).length;
  if (have >= want) return [];
  const trimmed = text.trimEnd();
  const closed = trimmed.endsWith('|');
  const added = Array.from({ length: want - have }, () => ' - |').join('');
  return [
    {
      range: { start: { line, character: trimmed.length }, end: { line, character: text.length } },
      newText: `${closed ? '' : ' |'}${added}`,
    },
  ];
}

/** The edit that writes the newest version into a field row's dash, empty or absent Since cell. */
function missingSince(doc: SpecDocument, line: number): { version: string; edit: TextEdit } | null {
  const version = doc.parsed.spec.newestVersion;
  const table = tableAround(doc.lines, line);
  if (!version || !table || line <= table.header + 1) return null;
  const header = rowCells(doc.lines[table.header] ?? '').map((c) => c.text.toLowerCase());
  const column = header.findIndex((h) => h === 'since' || h === 'version');
  if (column < 0 || !header.includes('type')) return null;
  const text = doc.lines[line] ?? '';
  const cells = rowCells(text);
  const cell = cells[column];
  if (cell && (cell.text === '' || /^[-–—]$/.test(cell.text))) {
    const at = cell.text === '' ? cell.from + 1 : cell.start;
    return {
      version,
      edit: {
        range: { start: { line, character: at }, end: { line, character: cell.text === '' ? at : cell.end } },
        newText: cell.text === '' ? ` ${version} ` : version,
      },
    };
  }
  if (cells.length !== column || cell) return null;
  const trimmed = text.trimEnd();
  const newText = `${trimmed.endsWith('|') ? '' : ' |'} ${version} |`;
  return {
    version,
    edit: { range: { start: { line, character: trimmed.length }, end: { line, character: text.length } }, newText },
  };
}
