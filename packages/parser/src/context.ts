/** What every extractor needs: the file name, the diagnostic collector, and position helpers. */
import { DiagnosticCollector, type DiagnosticCode } from '@specgen/diagnostics';
import type { Source, TypeExpr } from '@specgen/ir';
import type { Position } from './blocks.ts';

export class ParseContext {
  readonly diagnostics = new DiagnosticCollector();
  /** Where each reference type was written, so resolution can report an unknown one at its cell. */
  readonly typeCells = new Map<TypeExpr, Position>();
  /** `JSON <type>` statements of command and error tables, checked once the structures are known. */
  readonly payloadTypes: PayloadType[] = [];
  constructor(readonly file: string) {}

  source(p: Position): Source {
    return { file: this.file, line: p.line, column: p.column };
  }

  report(code: DiagnosticCode, message: string, p: Position): void {
    this.diagnostics.report(code, message, this.source(p));
  }
}

export interface PayloadType {
  /** The word(s) after `JSON`, e.g. `device secret response` or `string`. */
  name: string;
  /** What states it, for the message: `command GetMultiFactorDeviceSecret`. */
  owner: string;
  at: Position;
}

/** Position of character `index` of a block's text (text lines map to source lines; continuation lines are approximate). */
export function positionIn(p: Position, text: string, index: number): Position {
  const end = Math.max(0, index);
  let newlines = 0;
  let lastNewline = -1;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    newlines++;
    lastNewline = i;
  }
  if (newlines === 0) return { line: p.line, column: p.column + end };
  return { line: p.line + newlines, column: end - lastNewline };
}

export interface Sentence {
  text: string;
  index: number;
}

/** Splits prose at `. ` followed by a capital letter (versions like `2.18.` end a sentence, `1.5` does not). */
export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const re = /[.!?](?=\s+[A-Z(])/g;
  let from = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    push(from, m.index + 1);
    from = m.index + 1;
  }
  push(from, text.length);
  return out;

  function push(a: number, b: number) {
    const raw = text.slice(a, b);
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (t) out.push({ text: t.replace(/\s*\n\s*/g, ' '), index: a + lead });
  }
}

export const NOT_SHOWN = /\bnot shown\b/i;

/** `text` as a literal inside a RegExp: names read from the spec may hold `(`, `[`, `$` and the like. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
