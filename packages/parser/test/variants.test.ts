/** GFM formatting variants give the same IR apart from source positions. */
import { describe, expect, it } from 'vitest';
import { parseSpec, splitSections } from '../src/index.ts';
import { specText, withoutPositions } from './helpers.ts';

const base = parseSpec(specText(), 'spec.md');
const expected = withoutPositions(base.spec);

/** Rewrites every table line (a line starting with `|`) with `f`. */
const mapTableLines = (text: string, f: (line: string) => string) =>
  text
    .split('\n')
    .map((l) => (l.startsWith('|') ? f(l) : l))
    .join('\n');

/** `## ` sections of the spec in another order (the title section stays first). */
function reorderSections(text: string): string {
  const lines = text.split('\n');
  const sections = splitSections(text);
  const level2 = sections.filter((s) => s.level === 2);
  const first = level2[0]!.line - 1;
  const chunks = level2.map((s, i) =>
    lines.slice(s.line - 1, (level2[i + 1]?.line ?? lines.length + 1) - 1).join('\n'),
  );
  const shuffled = [...chunks.slice(1).reverse(), chunks[0]!];
  return [...lines.slice(0, first), ...shuffled].join('\n');
}

/** `###` subsections reversed inside every `##` section (resources, sign-in / read resources, error tables, ...). */
function reorderSubsections(text: string): string {
  const lines = text.split('\n');
  const sections = splitSections(text);
  const first = sections.findIndex((x) => x.level === 2);
  const out: string[] = lines.slice(0, sections[first]!.line - 1);
  const end = (i: number) => (sections[i + 1]?.line ?? lines.length + 1) - 1;
  for (let i = first; i < sections.length; i++) {
    const s = sections[i]!;
    if (s.level !== 2) continue;
    out.push(...lines.slice(s.line - 1, end(i)));
    const children: string[][] = [];
    for (let j = i + 1; j < sections.length && sections[j]!.level === 3; j++)
      children.push(lines.slice(sections[j]!.line - 1, end(j)));
    for (const child of children.reverse()) out.push(...child, '');
  }
  return out.join('\n');
}

const VARIANTS: Array<[string, (text: string) => string]> = [
  ['CRLF line ends', (t) => t.replace(/\n/g, '\r\n')],
  ['tables without outer pipes', (t) => mapTableLines(t, (l) => l.replace(/^\|\s?/, '').replace(/\s?\|$/, ''))],
  [
    'padded cells',
    (t) =>
      mapTableLines(t, (l) =>
        l
          .split('|')
          .map((c) => (c.trim() ? `   ${c.trim()}    ` : c))
          .join('|'),
      ),
  ],
  ['aligned delimiter rows', (t) => mapTableLines(t, (l) => (/^\|[-|]+\|$/.test(l) ? l.replace(/---/g, ':---:') : l))],
  ['sections in another order', reorderSections],
  ['subsections in another order', reorderSubsections],
  ['sections and subsections in another order', (t) => reorderSections(reorderSubsections(t))],
  [
    'setext headings for # and ##',
    (t) =>
      t.replace(
        /^(#{1,2}) (.*)$/gm,
        (_m, hashes: string, title: string) => `${title}\n${(hashes === '#' ? '=' : '-').repeat(title.length)}`,
      ),
  ],
  ['closing hashes on ATX headings', (t) => t.replace(/^(#{1,3}) (.*)$/gm, '$1 $2 $1')],
  ['trailing whitespace and extra blank lines', (t) => t.replace(/\n\n/g, '\n\n\n').replace(/\.\n/g, '.  \n')],
];

describe('formatting variants', () => {
  it.each(VARIANTS)('%s give the same IR', (_name, transform) => {
    const text = transform(specText());
    expect(text).not.toBe(specText());
    const { spec, diagnostics } = parseSpec(text, 'spec.md');
    expect(diagnostics).toEqual([]);
    expect(withoutPositions(spec)).toEqual(expected);
  });

  it('reordering sections moves positions but keeps them pointing at the same text', () => {
    const text = reorderSections(specText());
    const { spec } = parseSpec(text, 'spec.md');
    const lines = text.split('\n');
    for (const r of spec.resources) expect(lines[r.source.line - 1]).toBe(`### ${r.name}`);
    for (const u of spec.unknowns) expect(lines[u.source.line - 1]!.slice(u.source.column - 1)).toMatch(/^\S/);
  });

  it('positions are the same with CRLF line ends', () => {
    const { spec } = parseSpec(specText().replace(/\n/g, '\r\n'), 'spec.md');
    expect(spec).toEqual(base.spec);
  });
});
