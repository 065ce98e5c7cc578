/**
 * A cheap line scan splits the markdown at ATX headings (`#`, `##`, `###`) and setext headings
 * (one-line text underlined with `===` or `---`), skipping fenced code,
 * so that each section can be parsed (and cached) on its own. Positions stay file positions:
 * a section knows the line its body starts on.
 */
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

export function splitSections(markdown: string): Section[] {
  const lines = splitLines(markdown);
  const sections: Section[] = [];
  let current: { level: number; title: string; line: number; column: number; start: number } = {
    level: 0,
    title: '',
    line: 1,
    column: 1,
    start: 0,
  };
  let fence: string | null = null;
  const close = (end: number) => {
    sections.push({
      level: current.level,
      title: current.title,
      line: current.line,
      column: current.column,
      bodyLine: current.start + 1,
      body: lines.slice(current.start, end).join('\n'),
    });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
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
    const text = lines[i - 1] ?? '';
    if (
      setext &&
      i > 0 &&
      i - 1 >= current.start &&
      SETEXT_TEXT.test(text) &&
      !text.includes('|') &&
      (lines[i - 2] ?? '').trim() === ''
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
  close(lines.length);
  return sections;
}
