/**
 * Watch mode's syntax check of a large changed file: only the top-level statements an edit touched
 * are parsed, not the whole file. The file's previous text (what the watcher wrote last, which
 * passed the check or was current on disk) and the new one share a prefix and a suffix; the
 * changed lines, widened to the nearest lines that start a top-level statement (a line beginning
 * at column 0 with `export`, `const`, `let`, `function`, `import`, `type`, `interface` or `/**`),
 * are parsed on their own. Statements before and after are the same text as before, so a chunk
 * that parses alone makes a file that parses. A one-field edit changes about 1 KB of the server's
 * 8 MB `schemas.ts`, and parsing that file took most of a watch edit's syntax check.
 * An edit inside one top-level statement of more than half the file (the server's `components`
 * object) is narrowed to the object's entries around it instead (lines beginning `  "Name": `),
 * parsed wrapped in `({ ... })`. Files under EDIT_CHUNK_FROM, and edits that fit neither, are
 * parsed whole as before.
 */
import { type GeneratedFile, type SyntaxError as SyntaxProblem, syntaxErrors } from '@specgen/generate-core';
import { commonAffixes, countLines } from './text-affixes.ts';

/** Smaller files are parsed whole (esbuild parses about 1.5 MB in 80 ms). */
export const EDIT_CHUNK_FROM = 256 * 1024;

const TOP_LEVEL = /^(?:export |const |let |function |import |type |interface |\/\*\*)/;

export interface EditChunk {
  /** The file with only the changed top-level statements as contents. */
  file: GeneratedFile;
  /** File lines before the chunk (add to a syntax error's line). */
  lineOffset: number;
}

/** The part of `next` to parse instead of all of it, or null to parse it whole. */
export function editChunk(next: GeneratedFile, previous: string | undefined): EditChunk | null {
  if (previous === undefined || !next.path.endsWith('.ts')) return null;
  const text = next.contents;
  if (text.length < EDIT_CHUNK_FROM) return null;
  const { prefix, suffix } = commonAffixes(next.path, previous, text);
  const from = text.lastIndexOf('\n', prefix - 1) + 1;
  const to = text.length - suffix;
  // Inside an object literal (the server's `components` is most of schemas.ts): its entries around
  // the edit, parsed as an object. Tried first: the enclosing statement may be most of the file.
  const entries = widen(text, from, to, isEntry, (line) => isEntry(line) || isColumnZero(line), isColumnZero);
  if (
    entries &&
    entries.end - entries.start <= text.length / 2 &&
    inObjectLiteral(next.path, text, previous, prefix, entries.start)
  ) {
    const chunk = text.slice(entries.start, entries.end);
    // The entry after the chunk needs the comma the chunk ends with (the one before it is unchanged).
    if (isEntry(lineAt(text, entries.end + 1)) && !chunk.trimEnd().endsWith(',')) return null;
    return {
      file: { path: next.path, contents: `({\n${chunk}\n});` },
      lineOffset: countLines(text, entries.start) - 1,
    };
  }
  const statements = widen(text, from, to, isTopLevel, isTopLevel);
  if (!statements || statements.end - statements.start > text.length / 2) return null;
  return {
    file: { path: next.path, contents: text.slice(statements.start, statements.end) },
    lineOffset: countLines(text, statements.start),
  };
}

const isTopLevel = (line: string) => line.charCodeAt(0) > 32 && TOP_LEVEL.test(line);
const isColumnZero = (line: string) => line.charCodeAt(0) > 32;
/** A property of an object literal one level deep: `  "Name": ` or `  name: `. */
const ENTRY = /^ {2}(?:"(?:[^"\\\n]|\\.)*"|[A-Za-z_$][\w$]*): /;
const isEntry = (line: string) => line.charCodeAt(2) > 32 && line.startsWith('  ') && ENTRY.test(line);

/**
 * Lines [start, end) covering characters [from, to): from the nearest line at or above `from` that
 * `opens` (null when a line that `stops` comes first), to just before the first line after `to`
 * that `follows` (or the end of the text).
 */
function widen(
  text: string,
  from: number,
  to: number,
  opens: (line: string) => boolean,
  follows: (line: string) => boolean,
  stops?: (line: string) => boolean,
): { start: number; end: number } | null {
  let start = from;
  for (let line = lineAt(text, start); !opens(line); line = lineAt(text, start)) {
    if (stops?.(line)) return null;
    // The start of the file starts a statement, but no object entry.
    if (start === 0) return opens === isTopLevel ? { start: 0, end: endOf() } : null;
    start = text.lastIndexOf('\n', start - 2) + 1;
  }
  return { start, end: endOf() };

  function endOf(): number {
    let end = text.indexOf('\n', to);
    while (end !== -1 && !follows(lineAt(text, end + 1))) end = text.indexOf('\n', end + 1);
    return end === -1 ? text.length : end;
  }
}

/** The start of the line at `at` (enough to test it); only a line that may start a statement or an entry is sliced. */
function lineAt(text: string, at: number): string {
  const c = text.charCodeAt(at);
  if (c === 32 ? text.charCodeAt(at + 2) <= 32 || text.charCodeAt(at + 1) !== 32 : c <= 32) return '';
  return text.slice(at, at + 200);
}

/**
 * The statement around each path's last edit: in `text`, the nearest line starting at column 0 at
 * or before any position in (`line`, `checkedTo`] is `line`. A later text with the same first
 * `checkedTo` characters has the same answer there, found without scanning back.
 */
const enclosing = new Map<string, { text: string; line: number; checkedTo: number }>();

/** The nearest line above `at` that starts at column 0 opens an object literal (`... = {`). */
function inObjectLiteral(path: string, text: string, previous: string, prefix: number, at: number): boolean {
  const known = enclosing.get(path);
  let line: number;
  let checkedTo = at;
  // `text` equals `previous` (the text the entry was found in) before `prefix`.
  if (known && known.text === previous && known.line < at && at <= known.checkedTo && known.checkedTo <= prefix) {
    line = known.line;
    checkedTo = known.checkedTo;
  } else {
    line = text.lastIndexOf('\n', at - 2) + 1;
    while (line > 0 && text.charCodeAt(line) <= 32) line = text.lastIndexOf('\n', line - 2) + 1;
  }
  enclosing.set(path, { text, line, checkedTo });
  const end = text.indexOf('\n', line);
  return /[=:(,]\s*\{$/.test(text.slice(line, end === -1 ? text.length : end).trimEnd());
}

/**
 * Watch mode: the files to syntax-check for `changed`, large ones narrowed to their edit's chunk,
 * and `confirm`, which turns the errors of that check into the errors to report: an error in a
 * chunk is only believed once parsing the whole file confirms it (then with the whole file's lines),
 * so narrowing can skip work but never fail a run that parsing everything would pass.
 */
export function narrowToEdits(
  changed: readonly GeneratedFile[],
  previous: (path: string) => string | undefined,
): {
  files: GeneratedFile[];
  confirm: (errors: SyntaxProblem[]) => SyntaxProblem[];
} {
  const whole = new Map<string, GeneratedFile>();
  const files = changed.map((f) => {
    const chunk = editChunk(f, previous(f.path));
    if (!chunk) return f;
    whole.set(f.path, f);
    return chunk.file;
  });
  const confirm = (errors: SyntaxProblem[]) => {
    const narrowed = [...new Set(errors.map((e) => e.path))].filter((path) => whole.has(path));
    if (narrowed.length === 0) return errors;
    return [...errors.filter((e) => !whole.has(e.path)), ...syntaxErrors(narrowed.map((path) => whole.get(path)!))];
  };
  return { files, confirm };
}
