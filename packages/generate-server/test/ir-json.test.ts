import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createIncrementalParser, parseSpecFile } from '@specgen/parser';
import { type Spec, specFromSnapshot } from '@specgen/ir';
import { irJsonChunks, irJsonStats, irJsonText, sortKeys } from '../src/ir-json.ts';

const SPEC = join(import.meta.dirname, '../../../spec/service-api.md');
const { spec } = parseSpecFile(SPEC);
/** A value without its `source` members, at any depth. */
const withoutSources = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (k, v: unknown) => (k === 'source' ? undefined : v)));
/** The key-sorted compact JSON of the IR without positions: what the text holds but for its `positions`. */
const plain = (s: Spec) => JSON.stringify({ '//': 'marker', ...(withoutSources(sortKeys(s)) as object) });
const compact = (text: string) => {
  const { positions: _positions, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify(rest);
};
/** An entry's line: its key-sorted JSON without positions. */
const lineOf = (entry: unknown) => JSON.stringify(withoutSources(sortKeys(entry)));

describe('ir.json text', () => {
  it('holds the key-sorted IR without positions, with the marker first and the positions last', () => {
    const text = irJsonText('marker', spec);
    expect(compact(text)).toBe(plain(spec));
    expect(text).not.toContain('"source":{');
    expect(Object.keys(JSON.parse(text)).at(-1)).toBe('positions');
    expect(specFromSnapshot(text)).toEqual(spec);
    expect(compact(irJsonText('marker', { ...spec, resources: [] }))).toBe(plain({ ...spec, resources: [] }));
    expect(irJsonText('marker', spec).startsWith('{\n"//":"marker",\n')).toBe(true);
  });

  it('puts each element of a top-level array on a line of its own, so an edit changes one line', () => {
    const lines = irJsonText('marker', spec)
      .split('\n')
      .map((l) => l.replace(/,$/, ''));
    for (const r of spec.resources) expect(lines).toContain(lineOf(r));
    for (const e of spec.endpoints) expect(lines).toContain(lineOf(e));
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
    expect(differing).toEqual([lineOf(edited.resources[2])]);
  });

  it('prints the same line for an entry that only moved, and only its positions anew', () => {
    const text = readFileSync(SPEC, 'utf8');
    const parser = createIncrementalParser();
    const first = irJsonChunks('marker', parser.parse(text, 'spec.md').spec);
    for (const added of ['\nAn added paragraph.\n', '\nOne.\n\nTwo.\n', '']) {
      const next = parser.parse(
        text.replace('## What the service does\n', `## What the service does\n${added}`),
        'spec.md',
      );
      const { made, twins } = irJsonStats;
      const chunks = irJsonChunks('marker', next.spec);
      const counted = { made: irJsonStats.made - made, twins: irJsonStats.twins - twins };
      const written = chunks.join('');
      expect(written).toBe(irJsonText('marker', structuredClone(next.spec)));
      expect(specFromSnapshot(written)).toEqual(next.spec);
      // every resource moved (or moved back): no line written again, each kept for its twin
      expect(counted.made).toBe(0);
      expect(counted.twins).toBeGreaterThanOrEqual(next.spec.resources.length);
      // the lines before `positions` are the first call's
      const at = chunks.findIndex((c) => c.includes('"positions"'));
      expect(chunks.slice(0, at)).toEqual(first.slice(0, at));
    }
  });

  it('rewrites only the entry of a row added in the middle of the resources, and back when it is removed', () => {
    const text = readFileSync(SPEC, 'utf8');
    const row = '| Id | Int64 | Business key. | - |\n| SupplierId |';
    expect(text).toContain(row);
    const parser = createIncrementalParser();
    irJsonText('marker', parser.parse(text, 'spec.md').spec);
    for (const next of [text.replace(row, row.replace('\n', '\n| AddedNote | String | A row added. | - |\n')), text]) {
      const { spec: moved } = parser.parse(next, 'spec.md');
      const { made, twins } = irJsonStats;
      const written = irJsonText('marker', moved);
      const counted = { made: irJsonStats.made - made, twins: irJsonStats.twins - twins };
      expect(written).toBe(irJsonText('marker', structuredClone(moved)));
      expect(specFromSnapshot(written)).toEqual(moved);
      // the resource with the row, written again, then back to its first line
      expect(counted.made).toBeLessThanOrEqual(1);
      expect(counted.twins).toBeGreaterThanOrEqual(3);
    }
  });
});
