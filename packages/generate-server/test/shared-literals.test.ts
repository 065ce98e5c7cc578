import { describe, expect, it } from 'vitest';
import { createLiteralTable, sharedLiterals } from '../src/shared-literals.ts';

/** Everything a caller writes: the declarations and each value's expression at two indents. */
function written(literals: ReturnType<typeof sharedLiterals>, values: readonly unknown[]): string {
  return [literals.declarations, ...values.map((v, i) => literals.expression(v, i % 2 ? 2 : 0))].join('\n---\n');
}

const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object') {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
};

/** A record-like schema of `n` fields, with one description that can make it unique. */
const record = (n: number, note: string) =>
  deepFreeze({
    type: 'object',
    description: note,
    properties: Object.fromEntries(
      Array.from({ length: n }, (_, i) => [
        `Field${i}`,
        { type: ['string', 'null'], description: `Field ${i} of the record, a long enough text.` },
      ]),
    ),
    required: Array.from({ length: n }, (_, i) => `Field${i}`),
  });
const message = deepFreeze({ type: 'string', examples: ['No valid session.', 'Session expired.'] });
const route = (name: string) => ({
  response: { '200': { $ref: `#/components/schemas/${name}` }, '401': message, '403': message },
});

describe('the literal table kept between calls', () => {
  it('writes what a table made for the values alone writes, through edits that change what is shared', () => {
    const table = createLiteralTable();
    const a = record(3, 'A.');
    const b = record(3, 'B.');
    const c = record(4, 'C.');
    const steps: unknown[][] = [
      [route('A'), route('B'), { A: a, B: b, C: c }],
      // B edited: a new object, still unique.
      [route('A'), route('B'), { A: a, B: record(3, 'B edited.'), C: c }],
      // B becomes equal to A: the record is now shared, and so named; names after it shift.
      [route('A'), route('B'), { A: a, B: record(3, 'A.'), C: c }],
      // And unique again; C removed, a value added in front.
      [{ extra: [1, 2, 3, 'a text long enough to be shared if repeated'] }, route('A'), route('B'), { A: a, B: b }],
      // Unfrozen inputs (not kept by identity), the same as before.
      [route('A'), route('B'), JSON.parse(JSON.stringify({ A: a, B: b, C: c }))],
      [route('A'), route('B'), { A: a, B: b, C: c }],
    ];
    for (const values of steps)
      expect(written(table.literals(values), values)).toBe(written(sharedLiterals(values), values));
  });

  it('interns and prints again only what changed while the names stay', () => {
    const table = createLiteralTable();
    const records = Array.from({ length: 50 }, (_, i) => record(10, `Record ${i}.`));
    const values = (list: object[]) => [
      ...list.map((_, i) => route(`R${i}`)),
      Object.fromEntries(list.map((r, i) => [`R${i}`, r])),
    ];
    const first = values(records);
    written(table.literals(first), first);
    const before = { ...table.stats };
    const edited = records.map((r, i) => (i === 7 ? record(10, 'Record 7, edited.') : r));
    const next = values(edited);
    const literals = table.literals(next);
    // The edited record and the components root (the routes are new objects of known values).
    expect(table.stats.interned - before.interned).toBeLessThanOrEqual(5);
    expect(written(literals, next)).toBe(written(sharedLiterals(next), next));
    // Printed again: the edited record and the containers holding it, not the 49 others.
    expect(table.stats.printed - before.printed).toBeLessThan(10);
  });

  it('names constants s1, s2, ... in the order their first occurrence ends, children first', () => {
    const shared = deepFreeze({ type: 'string', description: 'A description long enough to share.' });
    const values = [
      { x: shared, y: { inner: shared, more: 'text long enough for the object itself' } },
      { z: { inner: shared, more: 'text long enough for the object itself' } },
    ];
    const literals = sharedLiterals(values);
    // s2 is more than 100 characters as JSON (s1 counts in full), so it is written over lines.
    expect(literals.declarations).toBe(
      'const s1 = { "type": "string", "description": "A description long enough to share." };\n' +
        'const s2 = {\n  "inner": s1,\n  "more": "text long enough for the object itself"\n};\n',
    );
    expect(literals.expression(values[0], 0)).toBe('{\n  "x": s1,\n  "y": s2\n}');
    expect(literals.expression(values[1], 2)).toBe('{\n    "z": s2\n  }');
  });
});

describe('expressionChunks (a large value as fragments)', () => {
  it('joins to the expression, and keeps the unchanged entries the same strings between calls', () => {
    const table = createLiteralTable();
    const a = record(3, 'A.');
    const c = record(4, 'C.');
    const components = (b: unknown) => ({ A: a, B: b, C: c, D: record(2, 'D.') });
    const first = components(record(3, 'B.'));
    const one = table.literals([route('A'), first]);
    const chunksOne = one.expressionChunks(first, 0);
    expect(chunksOne.join('')).toBe(sharedLiterals([route('A'), first]).expression(first, 0));
    const second = { ...first, B: record(3, 'B edited.') };
    const two = table.literals([route('A'), second]);
    const chunksTwo = two.expressionChunks(second, 0);
    expect(chunksTwo.join('')).toBe(sharedLiterals([route('A'), second]).expression(second, 0));
    expect(chunksTwo.length).toBe(chunksOne.length);
    // Only B's text is a new string; A's and C's are the kept ones.
    const fresh = chunksTwo.filter((chunk, i) => chunk.length > 40 && !Object.is(chunk, chunksOne[i]));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toContain('B edited.');
  });

  it('gives a short or named value as one fragment', () => {
    const short = { a: 1 };
    const shared = record(3, 'S.');
    const values = [short, { x: shared, y: shared }, shared];
    const literals = sharedLiterals(values);
    expect(literals.expressionChunks(short, 2)).toEqual([literals.expression(short, 2)]);
    // Used twice: a constant, written by its name.
    expect(literals.expressionChunks(shared, 0)).toEqual([literals.expression(shared, 0)]);
    expect(literals.expression(shared, 0)).toMatch(/^s\d+$/);
  });
});
