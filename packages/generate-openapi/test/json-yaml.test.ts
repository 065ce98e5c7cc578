import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { canonical } from '../src/index.ts';
import { entryTexts, rootTexts, withSharedBlocks } from '../src/json-yaml.ts';
import { yamlBlock, yamlOf } from '../src/yaml.ts';

/** What the one walk must equal: the canonical copy, then JSON.stringify and the YAML writer. */
const separate = (value: Record<string, unknown>) => {
  const sorted = canonical(value) as Record<string, unknown>;
  return { json: JSON.stringify(sorted, null, 2), yaml: yamlOf(sorted) };
};

const TRICKY = [
  'true',
  'False',
  'null',
  'yes',
  'N',
  'on',
  '~',
  '',
  ' ',
  '1',
  '0x1F',
  '-a',
  '[x',
  'a: b',
  'a:',
  'x #y',
  'x#y',
  '#/components/schemas/X',
  '^(?:0*[0-9]{1,18})$',
  '"d"',
  'back\\slash',
  'say "hi"',
  'é ü 日本',
  'nbsp\u00a0',
  'c1\u0085x',
  'ls\u2028x',
  'bom\ufeff',
  'pair 😀',
  'lone \ud800 x',
  'line\nbreak',
  'tab\there',
  'trailing ',
  'Comma, separated; (list) [x].',
  '$select',
  '/{languageCode}/api',
  '(x)',
  '_y',
];

describe('json-yaml (openapi.json and openapi.yaml in one walk)', () => {
  it('writes the bytes of JSON.stringify and the YAML writer of the canonical copy', () => {
    const value = {
      type: 'object',
      description: 'keys out of canonical order',
      properties: Object.fromEntries(TRICKY.map((t, i) => [t || 'empty', { type: 'string', example: t, 'x-n': i }])),
      scalars: TRICKY,
      keys: Object.fromEntries(TRICKY.map((t, i) => [t, i])),
      numbers: [0, -1, 1.5, 2147483647, -2147483648, 1e21, -0],
      flags: [true, false, null],
      nested: [[1, [2, []]], { a: { b: [{ c: {} }, []] } }, [], {}, [{}], [[]]],
      skipped: { gone: undefined, kept: 1 },
      allUndefined: { gone: undefined },
      responses: { '404': { description: 'b' }, '200': { description: 'a', content: {} } },
      $ref: '#/x',
    };
    expect(rootTexts(value)).toEqual(separate(value));
    expect(parse(rootTexts(value).yaml)).toEqual(JSON.parse(rootTexts(value).json));
  });

  it('writes an entry as the document holds it at its indent', () => {
    const entry = { get: { summary: 'S', parameters: [{ $ref: '#/p' }, { name: 'a', in: 'query' }], responses: {} } };
    const sorted = canonical(entry);
    const json = JSON.stringify({ paths: { '/x': sorted } }, null, 2);
    const texts = entryTexts(entry, 4, 4);
    expect(json).toContain(`"/x": ${texts.json}\n`);
    expect(texts.yaml).toBe(`\n${yamlBlock(sorted, '    ')}`);
  });

  it('agrees with the separate writers on random JSON values', () => {
    // `__proto__` aside: the canonical copy's assignment would set its prototype and drop the key
    // (no document holds it as an own key: the builder's own assignments would have done the same).
    const key = fc.oneof(
      fc.constantFrom(...TRICKY, 'type', 'description', 'properties', 'items', 'required'),
      fc.string().filter((k) => k !== '__proto__'),
    );
    const scalar = fc.oneof(
      fc.constantFrom(...TRICKY),
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    );
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
      array: fc.array(tie('tree'), { maxLength: 4 }),
      object: fc.dictionary(key, tie('tree'), { maxKeys: 5 }),
    }));
    fc.assert(
      fc.property(fc.dictionary(key, tree, { minKeys: 1, maxKeys: 6 }), (value) => {
        expect(rootTexts(value)).toEqual(separate(value));
      }),
      { numRuns: 300 },
    );
  });

  it('writes a frozen part met in several places once per indent, the same bytes (a one-shot run)', () => {
    const deepFreeze = <T>(v: T): T => {
      if (v !== null && typeof v === 'object') for (const child of Object.values(v)) deepFreeze(child);
      return Object.freeze(v);
    };
    const field = deepFreeze({ type: 'string', description: 'd: "q"', 'x-since': '1.0' });
    const names = deepFreeze({ b: field, type: { $ref: '#/x' }, enum: field, '200': field });
    const empty = deepFreeze({ none: undefined });
    const list = deepFreeze(['b', 'a']);
    const value = {
      properties: { One: field, Two: field, Three: { items: field, more: { deeper: field } }, Names: names },
      responses: names,
      headers: names,
      // the same object under a key that is no name map: other key order
      again: names,
      empties: { a: empty, b: empty, c: deepFreeze([]), d: deepFreeze([]) },
      lists: { a: list, b: list, c: [list, list, field, field] },
    };
    const plain = rootTexts(value);
    expect(plain).toEqual(separate(value));
    expect(withSharedBlocks(() => rootTexts(value))).toEqual(plain);
    expect(withSharedBlocks(() => entryTexts(value, 4, 4))).toEqual(entryTexts(value, 4, 4));
    // random frozen parts, each met at several places and indents
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small' }, fc.constantFrom(...TRICKY), fc.integer(), tie('array'), tie('object')),
      array: fc.array(tie('tree'), { maxLength: 3 }),
      object: fc.dictionary(fc.constantFrom('type', 'enum', 'b', '200', '10', 'properties'), tie('tree'), {
        maxKeys: 4,
      }),
    }));
    fc.assert(
      fc.property(tree, (part) => {
        const shared = deepFreeze(part);
        const doc = {
          responses: shared,
          headers: shared,
          a: shared,
          b: { c: shared, properties: { x: shared, y: shared } },
          d: [shared, shared],
        };
        expect(withSharedBlocks(() => rootTexts(doc))).toEqual(separate(doc));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses values JSON and YAML cannot both hold', () => {
    expect(() => rootTexts({ n: Number.NaN })).toThrow(TypeError);
    expect(() => rootTexts({ b: [1n] })).toThrow(TypeError);
  });
});
