/**
 * Splits an import file into records with their line numbers: a JSON array (each element's first
 * line) or NDJSON (one record per non-empty line). Numbers are read losslessly (Int64 above 2^53).
 */
import { parse } from 'lossless-json';

export interface SourceRecord {
  line: number;
  value: unknown;
}

export interface SourceError {
  line: number;
  message: string;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function parseOne(text: string, line: number, out: SourceRecord[], errors: SourceError[]): void {
  try {
    out.push({ line, value: parse(text) });
  } catch (e) {
    errors.push({ line, message: `malformed JSON: ${(e as Error).message}` });
  }
}

/** End index (exclusive) of the JSON value starting at `start`: tracks strings and nesting. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (depth === 0) return i;
      depth--;
      if (depth === 0) return i + 1;
    } else if (c === ',' && depth === 0) return i;
  }
  return text.length;
}

function splitArray(text: string, records: SourceRecord[], errors: SourceError[]): void {
  let i = text.indexOf('[') + 1;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  skipSpace();
  if (text[i] === ']') return;
  for (;;) {
    skipSpace();
    const end = valueEnd(text, i);
    parseOne(text.slice(i, end), lineAt(text, i), records, errors);
    i = end;
    skipSpace();
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] === ']') {
      i++;
      skipSpace();
      if (i < text.length) errors.push({ line: lineAt(text, i), message: 'unexpected text after the array' });
      return;
    }
    errors.push({ line: lineAt(text, Math.min(i, text.length)), message: 'expected "," or "]" in the array' });
    return;
  }
}

export function splitRecords(text: string): { records: SourceRecord[]; errors: SourceError[] } {
  const records: SourceRecord[] = [];
  const errors: SourceError[] = [];
  const body = text.replace(/^\uFEFF/, '');
  if (body.trimStart().startsWith('[')) splitArray(body, records, errors);
  else {
    for (const [index, line] of body.split('\n').entries())
      if (line.trim() !== '') parseOne(line, index + 1, records, errors);
  }
  return { records, errors };
}
