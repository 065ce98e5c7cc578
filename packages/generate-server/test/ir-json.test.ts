import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createIncrementalParser, parseSpecFile } from '@specgen/parser';
import type { Spec } from '@specgen/ir';
import { irJsonChunks, irJsonStats, irJsonText, sortKeys } from '../src/ir-json.ts';
import { movedLine } from '../src/moved-line.ts';

const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
/** The key-sorted compact JSON of the IR: what the text holds, whatever its line breaks. */
const plain = (s: Spec) => JSON.stringify({ '//': 'marker', ...(sortKeys(s) as object) });
const compact = (text: string) => JSON.stringify(JSON.parse(text));

describe('ir.json text', () => {
  it('holds the key-sorted IR, with the marker first', () => {
    expect(compact(irJsonText('marker', spec))).toBe(plain(spec));
    expect(compact(irJsonText('marker', { ...spec, resources: [] }))).toBe(plain({ ...spec, resources: [] }));
    expect(irJsonText('marker', spec).startsWith('{\n"//":"marker",\n')).toBe(true);
  });

  it('puts each element of a top-level array on a line of its own, so an edit changes one line', () => {
    const lines = irJsonText('marker', spec)
      .split('\n')
      .map((l) => l.replace(/,$/, ''));
    for (const r of spec.resources) expect(lines).toContain(JSON.stringify(sortKeys(r)));
    for (const e of spec.endpoints) expect(lines).toContain(JSON.stringify(sortKeys(e)));
    expect(lines).toContain('"resources":[');
  });

  it('follows an edit of one resource between calls', () => {
    irJsonText('marker', spec);
    const [first, ...others] = spec.resources;
    const edited: Spec = { ...spec, resources: [{ ...first!, description: 'edited "notes"\nline two' }, ...others] };
    const text = irJsonText('marker', edited);
    expect(compact(text)).toBe(plain(edited));
    expect(text).toContain('edited \\"notes\\"\\nline two');
    expect(compact(irJsonText('marker', spec))).toBe(plain(spec));
  });

  it('writes again only the elements that are new IR objects', () => {
    const own = structuredClone(spec);
    irJsonText('marker', own);
    const edited: Spec = {
      ...own,
      resources: own.resources.map((r, i) => (i === 2 ? { ...r, description: 'edited' } : r)),
    };
    const made = irJsonStats.made;
    const text = irJsonText('marker', edited);
    expect(irJsonStats.made - made).toBe(1);
    expect(text).toBe(irJsonText('marker', structuredClone(edited)));
    expect(text.endsWith('\n}\n')).toBe(true);
  });

  it("gives the text as fragments whose element lines are the last call's strings but for the edited one", () => {
    const own = structuredClone(spec);
    const first = irJsonChunks('marker', own);
    const edited: Spec = {
      ...own,
      resources: own.resources.map((r, i) => (i === 2 ? { ...r, description: 'edited' } : r)),
    };
    const second = irJsonChunks('marker', edited);
    expect(second.join('')).toBe(irJsonText('marker', structuredClone(edited)));
    expect(second.length).toBe(first.length);
    const differing = second.filter((c, i) => c !== first[i]);
    expect(differing).toEqual([JSON.stringify(sortKeys(edited.resources[2]))]);
  });

  it('writes the line of an entry that only moved from its previous line, with the new positions', () => {
    const path = join(import.meta.dirname, '../../../spec/service-api.md');
    const text = readFileSync(path, 'utf8');
    const parser = createIncrementalParser();
    irJsonText('marker', parser.parse(text, 'spec.md').spec);
    for (const added of ['\nAn added paragraph.\n', '\nOne.\n\nTwo.\n', '']) {
      const next = parser.parse(
        text.replace('## What the service does\n', `## What the service does\n${added}`),
        'spec.md',
      );
      const { made, moved } = irJsonStats;
      const written = irJsonText('marker', next.spec);
      expect(written).toBe(irJsonText('marker', structuredClone(next.spec)));
      // every resource moved (or moved back) and was rewritten from its twin's line
      expect(irJsonStats.moved - moved).toBeGreaterThanOrEqual(next.spec.resources.length);
      expect(irJsonStats.made - made).toBeGreaterThanOrEqual(irJsonStats.moved - moved);
    }
  });

  it('rewrites the entries below a row added in the middle of the resources, and back when it is removed', () => {
    const path = join(import.meta.dirname, '../../../spec/service-api.md');
    const text = readFileSync(path, 'utf8');
    const row = '| Id | Int64 | Business key. | - |\n| SupplierId |';
    expect(text).toContain(row);
    const parser = createIncrementalParser();
    irJsonText('marker', parser.parse(text, 'spec.md').spec);
    for (const next of [text.replace(row, row.replace('\n', '\n| AddedNote | String | A row added. | - |\n')), text]) {
      const { spec: moved } = parser.parse(next, 'spec.md');
      const before = irJsonStats.moved;
      expect(irJsonText('marker', moved)).toBe(irJsonText('marker', structuredClone(moved)));
      // the three resources below the row (and the entries after the resources) were rewritten from their lines
      expect(irJsonStats.moved - before).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives up on a moved entry whose positions cannot be mapped, so the caller writes the line in full', () => {
    const source = (line: number, column = 3, file = 'a.md') => ({ file, line, column });
    const [a, b, top] = [source(1), source(2), source(1, 1)];
    const old = { kind: 'x', a: { source: a }, b: { source: b }, source: top };
    const line = JSON.stringify(sortKeys(old));
    const printed = () => ({ line, count: 3 });
    // every source moved by the same number of lines (the line numbers' widths change)
    const [a2, b2, top2] = [source(9), source(10), source(9, 1)];
    const moved = { kind: 'x', a: { source: a2 }, b: { source: b2 }, source: top2 };
    const from = { previous: old, from: [a, b, top], to: [a2, b2, top2] };
    const next = movedLine(printed(), from);
    expect(next?.line).toBe(JSON.stringify(sortKeys(moved)));
    // moved again from the moved line, some sources by other deltas: its places were kept right
    const [a3, b3] = [source(105), source(8)];
    const again = movedLine(next ?? printed(), { previous: moved, from: [a2, b2], to: [a3, b3] });
    expect(again?.line).toBe(JSON.stringify(sortKeys({ ...moved, a: { source: a3 }, b: { source: b3 } })));
    // a source that did not move stays as printed
    expect(movedLine(printed(), { ...from, from: [a, top], to: [a2, top2] })?.line).toBe(
      JSON.stringify(sortKeys({ ...moved, b: { source: b } })),
    );
    // the parser's record of every source moved alike, without pairs: as many as the line prints
    const shift = (lines: number, count: number) => ({ previous: old, from: [], to: [], shift: { lines, count } });
    expect(movedLine(printed(), shift(8, 3))?.line).toBe(JSON.stringify(sortKeys(moved)));
    expect(movedLine(printed(), shift(8, 2))).toBeUndefined();
    expect(movedLine(printed(), shift(-2, 3))).toBeUndefined();
    // a replaced source the line does not print
    expect(movedLine(printed(), { ...from, from: [a, source(7)], to: [a2, source(8)] })).toBeUndefined();
    // a replacement that is not a plain position, or that changes the column or the file
    expect(movedLine(printed(), { ...from, to: [a2, { ...b2, end: 9 }, top2] })).toBeUndefined();
    expect(movedLine(printed(), { ...from, to: [a2, source(10, 4), top2] })).toBeUndefined();
    expect(movedLine(printed(), { ...from, to: [a2, source(10, 3, 'b.md'), top2] })).toBeUndefined();
    // one position printed by a replaced and by a kept source: which place is which is not known
    const twin = source(1);
    const twins = { kind: 'x', a: { source: a }, b: { source: twin } };
    const twinsLine = { line: JSON.stringify(sortKeys(twins)), count: 2 };
    expect(movedLine(twinsLine, { previous: twins, from: [a], to: [source(4)] })).toBeUndefined();
    // both replaced, to the same position: fine
    expect(movedLine(twinsLine, { previous: twins, from: [a, twin], to: [source(4), source(4)] })?.line).toBe(
      JSON.stringify(sortKeys({ ...twins, a: { source: source(4) }, b: { source: source(4) } })),
    );
    // a line holding a `source` object that is not a position, or more positions than it counts
    const odd = { kind: 'x', a: { source: a }, b: { source: { file: 'a.md', line: 2 } } };
    const oddLine = { line: JSON.stringify(sortKeys(odd)), count: 2 };
    expect(movedLine(oddLine, { previous: odd, from: [a], to: [a2] })).toBeUndefined();
    expect(movedLine({ line, count: 2 }, { ...from, from: [a], to: [a2] })).toBeUndefined();
  });
});
