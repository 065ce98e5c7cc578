/** The table formatter (`specgen format`, the language server's formatting): given/want cases, idempotence, same IR. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatSpecText, formatTables, parseSpec } from '../src/index.ts';

const SPEC = readFileSync(fileURLToPath(new URL('../../../spec/service-api.md', import.meta.url)), 'utf8');
const withoutSources = (v: unknown) =>
  JSON.parse(JSON.stringify(v, (k, x: unknown) => (k === 'source' ? undefined : x))) as unknown;

const CASES: { name: string; given: string; want: string }[] = [
  {
    name: 'pads cells and sizes the delimiter row',
    given: '| A | Type |\n|---|---|\n| LongName | Int64 |\n',
    want: '| A        | Type  |\n| -------- | ----- |\n| LongName | Int64 |\n',
  },
  {
    name: 'keeps alignment colons',
    given: '|a|b|c|\n|:-|:-:|-:|\n|x|y|z|',
    want: '| a   | b   | c   |\n| :-- | :-: | --: |\n| x   | y   | z   |',
  },
  {
    name: 'keeps CRLF line ends',
    given: '| a | b |\r\n|-|-|\r\n| xyz | 1 |\r\n',
    want: '| a   | b   |\r\n| --- | --- |\r\n| xyz | 1   |\r\n',
  },
  { name: 'tables without outer pipes', given: 'a | b\n-|-\nxyz | 1', want: 'a   | b\n--- | ---\nxyz | 1' },
  {
    name: 'escaped pipes stay in their cell',
    given: '| a | b |\n|-|-|\n| x \\| y | 1 |',
    want: '| a      | b   |\n| ------ | --- |\n| x \\| y | 1   |',
  },
  {
    name: 'a short row keeps its cells',
    given: '| a | b | c |\n|-|-|-|\n| x |',
    want: '| a   | b   | c   |\n| --- | --- | --- |\n| x   |',
  },
  {
    name: 'non-ASCII counts code points',
    given: '| a | b |\n|-|-|\n| Größe | ✓ |',
    want: '| a     | b   |\n| ----- | --- |\n| Größe | ✓   |',
  },
  { name: 'leaves fenced code alone', given: '```\n| a | b |\n|-|-|\n```\n', want: '```\n| a | b |\n|-|-|\n```\n' },
  { name: 'leaves quoted tables alone', given: '> | a | b |\n> |-|-|\n', want: '> | a | b |\n> |-|-|\n' },
  {
    name: 'stops at a line without a pipe and leaves it and what follows as written',
    given: '| a | b |\n|-|-|\n| x | y |\nprose\n| q | r |\n',
    want: '| a   | b   |\n| --- | --- |\n| x   | y   |\nprose\n| q | r |\n',
  },
  {
    name: 'a cell longer than MAX_ALIGNED_CELL does not widen its column',
    given: `| a | b |\n|-|-|\n| ${'x'.repeat(1001)} | 1 |\n| yy | 2 |`,
    want: `| a   | b   |\n| --- | --- |\n| ${'x'.repeat(1001)} | 1   |\n| yy  | 2   |`,
  },
  { name: 'a header without a matching delimiter is no table', given: '| a | b |\n|-|\n', want: '| a | b |\n|-|\n' },
];

describe('formatSpecText', () => {
  for (const c of CASES) {
    it(c.name, () => {
      expect(formatSpecText(c.given)).toBe(c.want);
      expect(formatTables(c.want)).toEqual([]);
    });
  }

  it('on the real spec: idempotent, whitespace-only, same IR apart from positions and diagnostics', () => {
    const formatted = formatSpecText(SPEC);
    expect(formatted).not.toBe(SPEC);
    expect(formatSpecText(formatted)).toBe(formatted);
    expect(formatted.replace(/[ \t]+/g, '').replace(/-+/g, '-')).toBe(SPEC.replace(/[ \t]+/g, '').replace(/-+/g, '-'));
    const before = parseSpec(SPEC, 'spec.md');
    const after = parseSpec(formatted, 'spec.md');
    expect(withoutSources(after.spec)).toEqual(withoutSources(before.spec));
    expect(after.diagnostics).toEqual(before.diagnostics);
  });

  it('reports each changed line with its old and new text', () => {
    expect(formatTables('x\n| a | bb |\n|-|-|\n')).toEqual([
      { line: 2, oldText: '| a | bb |', newText: '| a   | bb  |' },
      { line: 3, oldText: '|-|-|', newText: '| --- | --- |' },
    ]);
  });
});
