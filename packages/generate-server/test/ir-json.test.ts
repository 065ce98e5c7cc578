import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpecFile } from '@specgen/parser';
import type { Spec } from '@specgen/ir';
import { irJsonText, sortKeys } from '../src/ir-json.ts';

const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
const plain = (s: Spec) => JSON.stringify({ '//': 'marker', ...(sortKeys(s) as object) }, null, 2);

describe('ir.json text', () => {
  it('is byte for byte the key-sorted pretty JSON of the IR', () => {
    expect(irJsonText('marker', spec)).toBe(plain(spec));
    expect(irJsonText('marker', { ...spec, resources: [] })).toBe(plain({ ...spec, resources: [] }));
  });

  it('reuses unchanged resources and re-renders an edited one', () => {
    irJsonText('marker', spec);
    const [first, ...others] = spec.resources;
    const edited: Spec = { ...spec, resources: [{ ...first!, description: 'edited "notes"\nline two' }, ...others] };
    const text = irJsonText('marker', edited);
    expect(text).toBe(plain(edited));
    expect(text).toContain('edited \\"notes\\"\\nline two');
    expect(irJsonText('marker', spec)).toBe(plain(spec));
  });
});
