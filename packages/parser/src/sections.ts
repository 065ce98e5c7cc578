/**
 * A cheap line scan splits the markdown at ATX headings (`#`, `##`, `###`) and setext headings
 * (one-line text underlined with `===` or `---`), skipping fenced code,
 * so that each section can be parsed (and cached) on its own. Positions stay file positions:
 * a section knows the line its body starts on.
 */
import { ownText } from './own-text.ts';

export interface Section {
  level: number;
  title: string;
  /** Line and column of the heading text. */
  line: number;
  column: number;
  /** 1-based file line of the first body line. */
  bodyLine: number;
  /** Body lines joined with `\n` (CRLF normalised). */
  body: string;
}

const HEADING = /^( {0,3})(#{1,3})(?:[ \t]+(.*?))?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Setext underline: `===` (level 1) or `---` (level 2) under a one-line paragraph. */
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
/** A line that can be the text of a setext heading: plain text, not a table row, list item, quote, heading or code. */
const SETEXT_TEXT = /^ {0,3}[^\s\-*+>#|`~=0-9]/;

export function splitLines(markdown: string): string[] {
  return markdown.split(/\r\n|\r|\n/);
}

/** `#`, `=`, `-`, a backtick, `~`: what a heading, a setext underline or a fence starts with. */
const MARKERS = new Set([35, 61, 45, 96, 126]);

/**
 * Whether the line from `start` to `end` starts, after at most 3 spaces, with a character that can
 * begin a heading, an underline or a fence: the other lines (table rows, prose) are never cut out of
 * the text, which keeps the scan of a 2 MB spec at a few milliseconds.
 */
function mayMark(text: string, start: number, end: number): boolean {
  for (let i = start; i < end && i < start + 4; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32) return MARKERS.has(c);
  }
  return false;
}

export function splitSections(source: string): Section[] {
  // CRLF and CR normalised, as `splitLines` splits.
  const markdown = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  // Line i runs from starts[i] to ends[i] (its newline, or the end of the text).
  const starts: number[] = [];
  const ends: number[] = [];
  for (let at = 0; ; ) {
    const newline = markdown.indexOf('\n', at);
    starts.push(at);
    ends.push(newline === -1 ? markdown.length : newline);
    if (newline === -1) break;
    at = newline + 1;
  }
  const lineAt = (i: number) => (i >= 0 && i < starts.length ? markdown.slice(starts[i], ends[i]) : '');
  const sections: Section[] = [];
  let current: { level: number; title: string; line: number; column: number; start: number } = {
    level: 0,
    title: '',
    line: 1,
    column: 1,
    start: 0,
  };
  let fence: string | null = null;
  // Lines start..end-1 joined with `\n`: the text between them, which the text holds as it is.
  const close = (end: number) => {
    sections.push({
      level: current.level,
      // Copied, as a section's body when it is parsed (cache.ts): the IR keeps titles (own-text.ts).
      title: ownText(current.title),
      line: current.line,
      column: current.column,
      bodyLine: current.start + 1,
      body: end > current.start ? markdown.slice(starts[current.start], ends[end - 1]) : '',
    });
  };
  for (let i = 0; i < starts.length; i++) {
    if (!mayMark(markdown, starts[i] as number, ends[i] as number)) continue;
    const line = lineAt(i);
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    const setext = SETEXT.exec(line);
    const text = lineAt(i - 1);
    if (
      setext &&
      i > 0 &&
      i - 1 >= current.start &&
      SETEXT_TEXT.test(text) &&
      !text.includes('|') &&
      lineAt(i - 2).trim() === ''
    ) {
      close(i - 1);
      const column = text.length - text.trimStart().length + 1;
      current = { level: setext[1]!.startsWith('=') ? 1 : 2, title: text.trim(), line: i, column, start: i + 1 };
      continue;
    }
    const m = HEADING.exec(line);
    if (!m) continue;
    close(i);
    const raw = (m[3] ?? '').replace(/[ \t]+#+$/, '').replace(/^#+$/, '');
    const column = (m[3] === undefined ? m[1]!.length : line.indexOf(m[3], m[1]!.length + m[2]!.length)) + 1;
    current = { level: m[2]!.length, title: raw.trim(), line: i + 1, column, start: i + 1 };
  }
  close(starts.length);
  return sections;
}
