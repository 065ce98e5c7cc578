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
      // B becomes equal to A: the record is now shared, and so named.
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

  it('counts the uses of what an edit added or removed only, not of every value in the table', () => {
    const table = createLiteralTable();
    // Records whose fields are their own (none is shared with another record).
    const own = (i: number, note: string) =>
      deepFreeze({ ...record(10, note), items: Array.from({ length: 10 }, (_, k) => ({ field: `R${i}.F${k}` })) });
    const records = Array.from({ length: 200 }, (_, i) => own(i, `Record ${i}.`));
    const values = (list: object[]) => [
      ...list.map((_, i) => route(`R${i}`)),
      Object.fromEntries(list.map((r, i) => [`R${i}`, r])),
    ];
    const first = values(records);
    table.literals(first);
    const cold = table.stats.counted;
    const edited = records.map((r, i) => (i === 7 ? own(7, 'Record 7, edited.') : r));
    const next = values(edited);
    const before = table.stats.counted;
    const literals = table.literals(next);
    expect(written(literals, next)).toBe(written(sharedLiterals(next), next));
    // The new components object and its 200 entries (each counted once: up, then down again), the
    // old and new record 7 and what is inside them; nothing inside the 199 other records.
    expect(table.stats.counted - before).toBeLessThan(200 + 40);
    expect(cold).toBeGreaterThan(200 * 12);
  });

  it('names a constant after its contents, the same in any file, and declares it after the constants inside it', () => {
    const shared = deepFreeze({ type: 'string', description: 'A description long enough to share.' });
    const values = [
      { x: shared, y: { inner: shared, more: 'text long enough for the object itself' } },
      { z: { inner: shared, more: 'text long enough for the object itself' } },
    ];
    const literals = sharedLiterals(values);
    const names = [...literals.declarations.matchAll(/^const (\w+) = /gm)].map((m) => m[1]!);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^s[0-9a-z]{8}$/);
    const [inner, outer] = names as [string, string];
    // The outer constant is more than 100 characters as JSON (the inner counts in full): over lines.
    expect(literals.declarations).toBe(
      `const ${inner} = { "type": "string", "description": "A description long enough to share." };\n` +
        `const ${outer} = {\n  "inner": ${inner},\n  "more": "text long enough for the object itself"\n};\n`,
    );
    expect(literals.expression(values[0], 0)).toBe(`{\n  "x": ${inner},\n  "y": ${outer}\n}`);
    expect(literals.expression(values[1], 2)).toBe(`{\n    "z": ${outer}\n  }`);
    // Other values in front, in another order: the same names.
    const other = [record(3, 'Other.'), record(3, 'Other.'), values[1], values[0]];
    const again = sharedLiterals(other);
    expect(again.expression(values[1], 2)).toBe(`{\n    "z": ${outer}\n  }`);
    expect(again.declarations).toContain(`const ${inner} = { "type": "string"`);
  });

  it('tells apart values whose names collide, by their contents, whatever the order they come in', () => {
    // One base-36 digit: 36 names for some 60 constants, so most of them collide.
    const digits = 1;
    const pieces = Array.from({ length: 60 }, (_, i) =>
      deepFreeze({ type: 'string', description: `Piece ${i}, a text long enough to share.` }),
    );
    const holder = (list: object[]) => deepFreeze(Object.fromEntries(list.map((p, i) => [`P${i}`, p])));
    const values = [holder(pieces), holder(pieces), { again: pieces }];
    const literals = sharedLiterals(values, { digits });
    const names = [...literals.declarations.matchAll(/^const (\w+) = /gm)].map((m) => m[1]!);
    expect(new Set(names).size).toBe(names.length);
    expect(names.some((n) => /_\d+$/.test(n))).toBe(true);
    // The module evaluates to the values it was given.
    const evaluate = (text: string, list: readonly unknown[]) =>
      new Function(`${text}\nreturn [${list.map((v, i) => text && literalsOf(v, i)).join(', ')}];`);
    const expressions = values.map((v) => literals.expression(v, 0));
    const literalsOf = (_: unknown, i: number) => expressions[i]!;
    expect(evaluate(literals.declarations, values)()).toEqual(values);
    // The same names from values in another order, and from a table kept through edits.
    const reversed = sharedLiterals([...values].reverse(), { digits });
    expect(reversed.declarations).toBe(literals.declarations);
    const table = createLiteralTable({ digits });
    const steps = [
      values,
      [holder(pieces.slice(0, 30)), holder(pieces.slice(20)), { again: pieces.slice(10, 50) }],
      [holder(pieces.slice(5)), { again: pieces }],
      values,
    ];
    for (const step of steps)
      expect(written(table.literals(step), step)).toBe(written(sharedLiterals(step, { digits }), step));
  });
});

describe('a table for one call (leaves printed from their values)', () => {
  it('writes the same text as a kept table, for leaves of every shape at every indent', () => {
    const long = 'A long description, with "quotes", a back\\slash, a line\nbreak, ,\n  and a tab\t: é ✓ 😀.';
    // Leaves (objects and arrays of scalars), told apart by `tag` (equal values are one node).
    const leaves = (tag: string, n = [...tag].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100_003, 7)) => [
      {},
      [],
      { a: tag },
      [1, tag, true, null, -0.5],
      { type: 'string', description: `${tag} ${long}` },
      { type: 'string', description: long, 'x-key with, ": marks': tag },
      Array.from({ length: 12 }, (_, i) => `${tag}Field${i}`),
      { short: tag, n: 12_345_678_901, ok: false, none: null },
      // marks of JSON inside strings without a quote or backslash (printed from the JSON text)
      { 'a,b:c': `x:y,z ${tag}`, '': '', n: 1, 'q{[': ']}' },
      [`a,b ${tag}`, 'c:d', '', '[1,2]'],
      [1, 2.5, -3, null, true, 1e21, n],
      Array.from({ length: 30 }, (_, i) => (i % 7 === 0 ? null : i * n + 0.5)),
      Array.from({ length: 20 }, (_, i) => `${tag}: item, ${i}`),
      ['"quoted"', tag],
      // escapes other than a quote's (printed from the JSON text), and a backslash before a closing quote
      { note: `line\nbreak, tab\t: back\\slash ${tag}`, n: 2 },
      [`ends with a backslash\\`, `${tag}\\`, 'x'],
      { 'key\\': `${tag}\\`, after: 'a,"b":c' },
      // strings whose own quote makes a mark: starting with `:`, ending with `,`, the string `,`
      { a: `:${tag}`, b: `${tag},`, c: ',' },
      { [`:${tag}`]: 1, [`${tag},`]: ':' },
      [',', tag, ',', `${tag},`, `:${tag}`],
      // refs (a table for one call finds and prints them from the ref): short, long, with marks and escapes
      { $ref: `#/components/schemas/${tag}` },
      { $ref: `${'#/components/schemas/Long'.repeat(4)}/${tag}` },
      { $ref: `:${tag},"q"\\ ` },
      { $ref: 1, tag },
    ];
    // Each leaf written once (inside no constant), in objects and arrays at several depths ...
    const once = (tag: string) =>
      leaves(tag).map((leaf, k) => ({
        [tag]: { leaf, deeper: [[leaves(`${tag}.deeper`)[k]]], deepest: [[[[[[leaves(`${tag}.deepest`)[k]]]]]]] },
      }));
    // ... and twice (a constant, or inside one).
    const shared = leaves('shared');
    const values = [...once('a'), [...once('b')], shared, { all: shared, again: shared }];
    const table = createLiteralTable();
    const kept = written(table.literals(values), values);
    const alone = sharedLiterals(values);
    expect(written(alone, values)).toBe(kept);
    const expressions = values.map((v, i) => alone.expression(v, i % 2 ? 2 : 0));
    const evaluated = new Function(`${alone.declarations}\nreturn [${expressions.join(', ')}];`)();
    expect(evaluated).toEqual(values);
  });
});

describe('declarationList (the constants as fragments)', () => {
  it('joins to the declarations, and keeps the declarations of unchanged constants between calls', () => {
    const table = createLiteralTable();
    const records = Array.from({ length: 20 }, (_, i) => record(3, `Record ${i}, shared by two routes.`));
    // Each record given twice: a constant.
    const values = (list: object[]) => [...list, ...list];
    const one = table.literals(values(records));
    expect(one.declarationList.join('')).toBe(one.declarations);
    const edited = records.map((r, i) => (i === 4 ? record(3, 'Record 4, edited.') : r));
    const two = table.literals(values(edited));
    expect(two.declarations).toBe(sharedLiterals(values(edited)).declarations);
    const before = new Set(one.declarationList);
    const fresh = two.declarationList.filter((d) => !before.has(d));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toContain('Record 4, edited.');
  });
});

describe('entriesChunks (an object of given values as fragments)', () => {
  /** The module text of the declarations and the object, evaluated. */
  const evaluate = (declarations: string, object: string) => new Function(`${declarations}\nreturn ${object};`)();

  it('writes the object the entries make, and keeps the unchanged entries the same between calls', () => {
    const table = createLiteralTable();
    const a = record(3, 'A.');
    const c = record(4, 'C.');
    const components = (b: unknown) => Object.entries({ A: a, B: b, C: c, D: record(2, 'D.') });
    const values = (entries: [string, unknown][]) => [route('A'), ...entries.map(([, v]) => v)];
    const first = components(record(3, 'B.'));
    const one = table.literals(values(first));
    const chunksOne = one.entriesChunks(first, 0);
    expect(chunksOne.join('')).toBe(sharedLiterals(values(first)).entriesChunks(first, 0).join(''));
    expect(evaluate(one.declarations, chunksOne.join(''))).toEqual(Object.fromEntries(first));
    expect(chunksOne.join('')).toMatch(/^\{\n {2}"A": \{\n {4}"type": "object",/);
    const second = first.map(([k, v]): [string, unknown] => [k, k === 'B' ? record(3, 'B edited.') : v]);
    const two = table.literals(values(second));
    const chunksTwo = two.entriesChunks(second, 0);
    expect(chunksTwo.join('')).toBe(sharedLiterals(values(second)).entriesChunks(second, 0).join(''));
    expect(chunksTwo.length).toBe(chunksOne.length);
    // Only B's text is new; A's and C's are the kept ones.
    const fresh = chunksTwo.filter((chunk, i) => chunk.length > 40 && chunk !== chunksOne[i]);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toContain('B edited.');
  });

  it('writes no entries as {}, and a value given twice by its name', () => {
    const shared = record(3, 'S.');
    const entries: [string, unknown][] = [
      ['X', shared],
      ['Y', shared],
    ];
    const literals = sharedLiterals([shared, shared]);
    const name = literals.expression(shared, 0);
    expect(name).toMatch(/^s[0-9a-z]{8}$/);
    expect(literals.entriesChunks(entries, 2).join('')).toBe(`{\n    "X": ${name},\n    "Y": ${name}\n  }`);
    expect(literals.entriesChunks([], 0)).toEqual(['{}']);
  });
});
