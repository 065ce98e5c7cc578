import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpecFile } from '@specgen/parser';
import type { Spec } from '@specgen/ir';
import { irJsonChunks, irJsonStats, irJsonText, sortKeys } from '../src/ir-json.ts';

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
});
