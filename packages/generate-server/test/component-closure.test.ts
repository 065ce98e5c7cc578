import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '@specgen/contract';
import { componentClosure, componentClosureVisiting } from '../src/component-closure.ts';
import { createLiteralTable } from '../src/shared-literals.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** A frozen component schema referring to `refs`, told apart by `note`. */
const schema = (note: string, ...refs: string[]): JsonSchema =>
  Object.freeze({
    type: 'object',
    description: note,
    properties: Object.freeze(Object.fromEntries(refs.map((r, i) => [`P${i}`, Object.freeze(ref(r))]))),
  }) as JsonSchema;
const names = (entries: readonly (readonly [string, JsonSchema])[]) => entries.map(([name]) => name);

/** The closure from scratch, written plainly: what every call must give. */
function expected(all: Record<string, JsonSchema>, start: string[]): string[] {
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name) || !(name in all)) return;
    found.add(name);
    for (const m of JSON.stringify(all[name]).matchAll(/#\/components\/schemas\/(\w+)/g)) visit(m[1] as string);
  };
  for (const name of start) visit(name);
  return [...found].sort();
}

describe('componentClosure kept between calls (watch mode)', () => {
  it('gives what a closure from scratch gives while components change, refs change and missing names appear', () => {
    const a = schema('A', 'B');
    const b = schema('B');
    const c = schema('C', 'B');
    const steps: Record<string, JsonSchema>[] = [
      { A: a, B: b, C: c },
      // A edited, same refs: the kept closure with A's new schema.
      { A: schema('A edited', 'B'), B: b, C: c },
      // A refers to C now: found again.
      { A: schema('A', 'C'), B: b, C: c },
      // A refers to D, which is not there yet ...
      { A: schema('A', 'D'), B: b, C: c },
      // ... and now is.
      { A: schema('A', 'D'), B: b, C: c, D: schema('D', 'C') },
      // B removed while C still refers to it.
      { A: schema('A', 'D'), C: c, D: schema('D', 'C') },
    ];
    for (const all of steps) {
      const kept = componentClosure(all, ['A'], true);
      expect(names(kept)).toEqual(expected(all, ['A']));
      for (const [name, value] of kept) expect(value).toBe(all[name]);
    }
    expect(names(componentClosure(steps[4]!, ['A'], true))).toEqual(['A', 'B', 'C', 'D']);
    expect(names(componentClosure(steps[5]!, ['A'], true))).toEqual(['A', 'C', 'D']);
    // Other names to start from: found again.
    expect(names(componentClosure(steps[0]!, ['B'], true))).toEqual(['B']);
  });
});

describe('componentClosureVisiting (a one-shot run: the literal table walks each component)', () => {
  it('finds what a closure from scratch finds, through refs in leaves, in larger objects, keys and shared objects', () => {
    // One frozen object shared by two components: the table walks it once (from the first), and the
    // second still reaches what it refers to.
    const shared = Object.freeze({ type: 'object', properties: Object.freeze({ s: Object.freeze(ref('S')) }) });
    const all: Record<string, JsonSchema> = {
      A: { type: 'object', properties: { b: ref('B'), shared, list: { type: 'array', items: ref('C') } } },
      B: { allOf: [ref('D'), { description: 'x', $ref: '#/components/schemas/E/properties/f' }] },
      C: { type: 'object', properties: { shared } },
      D: { discriminator: { mapping: { '#/components/schemas/F': 'kind' } } },
      E: { type: 'object', properties: { f: { type: 'string' } } },
      F: { type: 'string', description: '#/components/schemas/G' },
      G: { type: 'string' },
      S: { type: 'string', enum: ['#/components/schemas/Missing'] },
      Unreached: { $ref: '#/components/schemas/A' },
    } as Record<string, JsonSchema>;
    for (const start of [['A'], ['C', 'Missing'], ['B', 'B'], ['Unreached']]) {
      const table = createLiteralTable({ kept: false });
      const found = componentClosureVisiting(all, start, table.internAhead);
      expect(names(found)).toEqual(expected(all, start));
      expect(found).toEqual(componentClosure(all, start, false));
      for (const [name, value] of found) expect(value).toBe(all[name]);
      // the table then writes the same file as one that walked nothing ahead
      const values = found.map(([, schema]) => schema);
      expect(table.literals(values).entriesChunks(found, 0).join('')).toBe(
        createLiteralTable({ kept: false }).literals(values).entriesChunks(found, 0).join(''),
      );
    }
  });
});
