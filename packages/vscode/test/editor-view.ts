/**
 * An editor-like HTML view of what the language server answered: a window of the spec's lines with
 * line numbers, the diagnostics' ranges underlined, a hover card under the hovered word (its markdown
 * rendered with marked) and a Problems list. No editor runs here, so the README's screenshots are this
 * page in headless chromium; every word in it comes from the server's answers and the spec's text.
 */
import { marked } from 'marked';
import type { Diagnostic, Position } from 'vscode-languageserver-protocol';

export interface EditorView {
  file: string;
  text: string;
  /** 0-based, first and last line shown. */
  from: number;
  to: number;
  diagnostics: Diagnostic[];
  hover?: { at: Position; markdown: string };
}

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One line's HTML: the characters of each diagnostic that touches it wrapped in a squiggle. */
function lineHtml(line: string, index: number, diagnostics: Diagnostic[]): string {
  const marks = new Array<string | undefined>(line.length);
  for (const d of diagnostics) {
    if (d.range.start.line > index || d.range.end.line < index) continue;
    const start = d.range.start.line === index ? d.range.start.character : 0;
    const end = d.range.end.line === index ? d.range.end.character : line.length;
    for (let c = start; c < Math.max(end, start + 1) && c < line.length; c++) marks[c] = SEVERITY[d.severity ?? 1];
  }
  let html = '';
  let open: string | undefined;
  for (let c = 0; c < line.length; c++) {
    if (marks[c] !== open) {
      if (open) html += '</span>';
      if (marks[c]) html += `<span class="squiggle ${marks[c]}">`;
      open = marks[c];
    }
    html += escapeHtml(line[c] ?? '');
  }
  return open ? `${html}</span>` : html;
}

function problemsHtml(file: string, diagnostics: Diagnostic[]): string {
  const rows = diagnostics.map((d) => {
    const where = `[Ln ${d.range.start.line + 1}, Col ${d.range.start.character + 1}]`;
    const code = d.code === undefined ? '' : ` <span class="code">${escapeHtml(String(d.code))}</span>`;
    const message = typeof d.message === 'string' ? d.message : d.message.value;
    const icon = `<span class="icon"></span>`;
    const text = `${icon}${escapeHtml(message)}${code} <span class="where">${where}</span>`;
    return `<li class="problem ${SEVERITY[d.severity ?? 1]}">${text}</li>`;
  });
  return `<div class="panel"><div class="tab">PROBLEMS <span class="count">${diagnostics.length}</span></div>
<div class="file">${escapeHtml(file)}</div><ul>${rows.join('')}</ul></div>`;
}

export function editorHtml(view: EditorView): string {
  const lines = view.text.split(/\r?\n/);
  const rows: string[] = [];
  for (let i = view.from; i <= view.to && i < lines.length; i++) {
    const hover = view.hover?.at.line === i;
    const text = `<span class="text">${lineHtml(lines[i] ?? '', i, view.diagnostics)}</span>`;
    rows.push(`<div class="row${hover ? ' hovered' : ''}"><span class="gutter">${i + 1}</span>${text}</div>`);
    if (hover && view.hover) {
      const indent = `calc(${view.hover.at.character}ch + 4.5em)`;
      rows.push(
        `<div class="hover" style="margin-left:${indent}">${marked.parse(view.hover.markdown, { async: false })}</div>`,
      );
    }
  }
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>
<div class="window"><div class="titlebar">${escapeHtml(view.file)} — specgen</div>
<div class="editor">${rows.join('\n')}</div>${problemsHtml(view.file, view.diagnostics)}</div></body></html>`;
}

const STYLE = `
body { margin: 0; background: #1e1e1e; font: 13px/1.5 'DejaVu Sans', sans-serif; color: #d4d4d4; }
.window { width: 1100px; border: 1px solid #333; }
.titlebar { background: #2d2d2d; padding: 6px 12px; color: #ccc; }
.editor { font-family: 'DejaVu Sans Mono', monospace; padding: 6px 0; position: relative; }
.row { white-space: pre; display: flex; }
.row.hovered { background: #2a2d2e; }
.gutter { width: 3.5em; text-align: right; padding-right: 1em; color: #858585; flex: none; }
.squiggle { text-decoration: underline wavy; text-decoration-skip-ink: none; text-underline-offset: 3px; }
.squiggle.error { text-decoration-color: #f14c4c; }
.squiggle.warning { text-decoration-color: #cca700; }
.squiggle.info, .squiggle.hint { text-decoration-color: #3794ff; }
.hover { background: #252526; border: 1px solid #454545; box-shadow: 0 2px 8px #000a; padding: 4px 10px;
  max-width: 640px; font-family: 'DejaVu Sans', sans-serif; white-space: normal; margin: 2px 0 6px; }
.hover p { margin: 4px 0; } .hover ul { margin: 4px 0; padding-left: 18px; }
.hover code { font-family: 'DejaVu Sans Mono', monospace; color: #ce9178; }
.hover pre { background: #1e1e1e; padding: 4px 6px; }
.panel { border-top: 1px solid #444; background: #1e1e1e; padding: 4px 12px 8px; }
.tab { font-size: 11px; letter-spacing: 0.05em; color: #e7e7e7; border-bottom: 1px solid #e7e7e7;
  display: inline-block; }
.count { background: #4d4d4d; border-radius: 8px; padding: 0 6px; }
.file { margin-top: 6px; color: #ccc; }
.panel ul { list-style: none; margin: 2px 0; padding-left: 14px; }
.problem .icon::before { content: '\\25CF'; margin-right: 6px; }
.problem.error .icon::before { color: #f14c4c; } .problem.warning .icon::before { color: #cca700; }
.code, .where { color: #858585; }
`;
