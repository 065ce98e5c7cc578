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
  const sections: Section[] = [];
  let current: { level: number; title: string; line: number; column: number; start: number } = {
    level: 0,
    title: '',
    line: 1,
    column: 1,
    start: 0,
  };
  /** Where line `current.start` begins in the text. */
  let bodyFrom = 0;
  let fence: string | null = null;
  // Lines current.start..end-1 joined with `\n`: the text from `bodyFrom` to `endAt` (the end of line end-1).
  const close = (end: number, endAt: number) => {
    sections.push({
      level: current.level,
      // Copied, as a section's body when it is parsed (cache.ts): the IR keeps titles (own-text.ts).
      title: ownText(current.title),
      line: current.line,
      column: current.column,
      bodyLine: current.start + 1,
      body: end > current.start ? markdown.slice(bodyFrom, endAt) : '',
    });
  };
  // One pass over the lines, without a list of them: line i runs from `at` to `end`; the two lines
  // before it (a setext heading looks back at them) from pStart to pEnd and from ppStart to ppEnd.
  // (Plain assignments, not an array destructured: that runs the iterator protocol once per line.)
  let pStart = 0;
  let pEnd = 0;
  let ppStart = 0;
  let ppEnd = 0;
  let i = 0;
  for (let at = 0; ; i++) {
    const newline = markdown.indexOf('\n', at);
    const end = newline === -1 ? markdown.length : newline;
    if (mayMark(markdown, at, end)) {
      const line = markdown.slice(at, end);
      const fenceMatch = FENCE.exec(line);
      if (fence !== null) {
        if (fenceMatch?.[1]?.startsWith(fence)) fence = null;
      } else if (fenceMatch) {
        fence = fenceMatch[1] ?? null;
      } else {
        const setext = SETEXT.exec(line);
        const text = i > 0 ? markdown.slice(pStart, pEnd) : '';
        if (
          setext &&
          i > 0 &&
          i - 1 >= current.start &&
          SETEXT_TEXT.test(text) &&
          !text.includes('|') &&
          (i > 1 ? markdown.slice(ppStart, ppEnd) : '').trim() === ''
        ) {
          close(i - 1, ppEnd);
          const column = text.length - text.trimStart().length + 1;
          const level = setext[1]?.startsWith('=') ? 1 : 2;
          current = { level, title: text.trim(), line: i, column, start: i + 1 };
          bodyFrom = end + 1;
        } else {
          const m = HEADING.exec(line);
          if (m) {
            close(i, pEnd);
            const [, indent = '', hashes = '', title] = m;
            const raw = (title ?? '').replace(/[ \t]+#+$/, '').replace(/^#+$/, '');
            const column =
              (title === undefined ? indent.length : line.indexOf(title, indent.length + hashes.length)) + 1;
            current = { level: hashes.length, title: raw.trim(), line: i + 1, column, start: i + 1 };
            bodyFrom = end + 1;
          }
        }
      }
    }
    if (newline === -1) break;
    ppStart = pStart;
    ppEnd = pEnd;
    pStart = at;
    pEnd = end;
    at = newline + 1;
  }
  close(i + 1, markdown.length);
  return sections;
}
