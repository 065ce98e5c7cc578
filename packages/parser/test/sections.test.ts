/**
 * The section scan (sections.ts) cuts out only the lines that can be a heading, an underline or a
 * fence. It must split exactly as a scan of every line does: here that plain scan, on random
 * documents made of headings, setext underlines, fences, table rows and prose, with LF, CRLF and CR.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Section, splitSections } from '../src/sections.ts';
import { specText } from './helpers.ts';

const HEADING = /^( {0,3})(#{1,3})(?:[ \t]+(.*?))?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const SETEXT_TEXT = /^ {0,3}[^\s\-*+>#|`~=0-9]/;

/** Every line split out and tested in turn. */
function reference(markdown: string): Section[] {
  const lines = markdown.split(/\r\n|\r|\n/);
  const sections: Section[] = [];
  let current = { level: 0, title: '', line: 1, column: 1, start: 0 };
  let fence: string | null = null;
  const close = (end: number) =>
    sections.push({
      level: current.level,
      title: current.title,
      line: current.line,
      column: current.column,
      bodyLine: current.start + 1,
      body: lines.slice(current.start, end).join('\n'),
    });
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      if (fenceMatch?.[1]?.startsWith(fence)) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1] ?? null;
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
      current = { level: setext[1]?.startsWith('=') ? 1 : 2, title: text.trim(), line: i, column, start: i + 1 };
      continue;
    }
    const m = HEADING.exec(line);
    if (!m) continue;
    close(i);
    const raw = (m[3] ?? '').replace(/[ \t]+#+$/, '').replace(/^#+$/, '');
    const prefix = (m[1] ?? '').length + (m[2] ?? '').length;
    const column = (m[3] === undefined ? (m[1] ?? '').length : line.indexOf(m[3], prefix)) + 1;
    current = { level: (m[2] ?? '').length, title: raw.trim(), line: i + 1, column, start: i + 1 };
  }
  close(lines.length);
  return sections;
}

const LINES = [
  '',
  '   ',
  '# Title',
  '## Resources and their fields',
  '### Things ##',
  '   ### Indented',
  '    # not a heading',
  '#NoSpace',
  '####',
  'Some prose.',
  'Setext text',
  '===',
  '---',
  '  -- ',
  '- item',
  '| Name | Type |',
  '|---|---|',
  '```',
  '~~~~',
  '  ```ts',
  '`inline`',
  '=',
  '0 = None',
];

describe('section scan', () => {
  it('splits as the scan of every line does, on random documents', () => {
    const document = fc
      .array(fc.tuple(fc.constantFrom(...LINES), fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 40 })
      .map((parts) => parts.map(([line, end]) => line + end).join(''));
    fc.assert(
      fc.property(document, fc.boolean(), (text, trailing) => {
        const markdown = trailing ? `${text}tail` : text;
        expect(splitSections(markdown)).toEqual(reference(markdown));
      }),
      { numRuns: 500 },
    );
  });

  it('splits the spec as the scan of every line does', () => {
    expect(splitSections(specText())).toEqual(reference(specText()));
  });
});
