/** The plain-chunk fast path gives exactly the blocks micromark gives, and the cache re-parses only changed sections. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { syntheticSpec } from '../../../tools/synthetic-spec.ts';
import { offsetBlocks } from '../src/blocks.ts';
import {
  createIncrementalParser,
  markdownBlocks,
  parseSpec,
  plainChunk,
  sectionBlocks,
  splitSections,
} from '../src/index.ts';
import { specText } from './helpers.ts';

const texts: Array<[string, string]> = [
  ['spec', specText()],
  [
    'spec without outer pipes',
    specText()
      .split('\n')
      .map((l) => (l.startsWith('|') ? l.slice(1, -1) : l))
      .join('\n'),
  ],
  ['padded spec', specText().replace(/\| /g, '|    ').replace(/ \|/g, '   |')],
  ['synthetic spec', syntheticSpec(8, 20)],
  [
    'edge cases',
    [
      'a | b\n--|--\n1|2',
      '| a | b |\n|---|---|\n| only one |',
      '| a | b |\n|---|---|\n| 1 | 2 | 3 |',
      '| a | b |\n|---|\n| 1 | 2 |',
      '| a |  |\n|---|---|\n|  | x |',
      'text\n| a | b |\n|---|---|',
      'line one\nline two   \nline three',
      'Heading\n---',
      '| x |\n|:-:|\n| `code` |',
      'ExtraFields[] and [link] and a_b',
      '| a\t| b |\n|---|---|\n|\tx\t|  y |',
      '  | a | b |\n  |---|---|\n  | 1 | 2 |',
      'Über | straße\n---|---\nä | ö',
      'para\n  indented continuation\n| not a table',
    ].join('\n\n'),
  ],
];

const EDGE_CASES = [
  '`a` and ` b ` and `` x `` and `  ` and `open',
  '- item one\n- item two\n\n- loose',
  'para\n2. not a list',
  'para\n1. a list\n2. of two',
  '**Bold** label (x)',
  '**Bold**text',
  '* a\n- b',
  '1) a\n2) b',
  'x &amp; y & z &#32; w',
  '<Area>/<Resource> and <a href="x"> and <https://example.com>',
  'a_b _c_ d __e__',
  '- a\n  continuation',
  '- **Label** text\n- `code` item\n- plain',
  'text with ! and ~ and > signs, ![img](x) and [link](y)',
  '| `a` | <b> | c_d |\n|---|---|---|\n| `x` | y & z | [] |',
  '- - nested\n- b',
  '-\n- b',
  'Heading\n===\n\ntext',
  '1. one\n\n2. two',
  'a\n- b\nc',
  'a | b\n- | -\n1 | 2',
  '- a | b\n--|--\n1 | 2',
  '2024. was a year\n\ntext\n2024. again',
];

/** micromark blocks of `text` as if it started on file line `firstLine`. */
const markdownBlocksAt = (text: string, firstLine: number) => offsetBlocks(markdownBlocks(text), firstLine - 1);

describe('fast path', () => {
  it.each(texts)('gives the same blocks as micromark for every section of the %s', (_name, text) => {
    for (const section of splitSections(text)) {
      expect(sectionBlocks(section.body, markdownBlocks), section.title).toEqual(markdownBlocks(section.body));
    }
  });

  it('gives the same IR and diagnostics with and without the fast path', () => {
    const synthetic = syntheticSpec(5, 12);
    const fast = parseSpec(synthetic, 's.md');
    expect(fast).toEqual(parseSpec(synthetic, 's.md', { fastPath: false }));
    expect(fast.diagnostics).toEqual([]);
    expect(fast.spec.resources).toHaveLength(6 + 5);
    expect(fast.spec.resources[6]!.fields.find((f) => f.name === 'Status')!.enumeration!.origin).toBe('statuses');
  });

  it.each(EDGE_CASES)('gives the same blocks as micromark for %j', (text) => {
    expect(sectionBlocks(text, markdownBlocks, 3)).toEqual(markdownBlocksAt(text, 3));
  });

  it('gives the same blocks as micromark for random markdown-like sections (fast-check)', () => {
    const token = fc.constantFrom(
      'word',
      'Two',
      '|',
      ' | ',
      '`',
      '`c`',
      '**',
      '**L**',
      '<b>',
      '&',
      '&amp;',
      '_',
      'a_b',
      '[]',
      '[x]',
      '!',
      '*',
      '\\',
      ' ',
      '  ',
      '.',
      '1',
    );
    const lineStart = fc.constantFrom(
      '',
      '',
      '',
      '- ',
      '* ',
      '1. ',
      '2) ',
      '|',
      '| a | b |',
      '|---|---|',
      '---|---',
      '  ',
      '    ',
      '#',
      '> ',
      '---',
      '===',
    );
    const line = fc
      .tuple(lineStart, fc.array(token, { maxLength: 8 }))
      .map(([start, tokens]) => start + tokens.join(''));
    const section = fc
      .array(fc.oneof(line, fc.constant('')), { minLength: 1, maxLength: 10 })
      .map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(section, (text) => {
        expect(sectionBlocks(text, markdownBlocks, 5)).toEqual(markdownBlocksAt(text, 5));
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400) },
    );
  }, 120_000);

  it('reads the real spec without micromark', () => {
    let calls = 0;
    for (const section of splitSections(specText()))
      sectionBlocks(section.body, (chunk) => (calls++, markdownBlocks(chunk)));
    expect(calls).toBe(0);
  });

  it('the synthetic spec is deterministic and about 2 MB at 600 x 50', () => {
    const big = syntheticSpec();
    expect(big).toBe(syntheticSpec());
    expect(big.length).toBeGreaterThan(1.8e6);
    expect(big.length).toBeLessThan(2.6e6);
    expect(big.match(/^### /gm)).toHaveLength(600 + (specText().match(/^### /gm) ?? []).length);
  });

  it('leaves chunks with inline markup to micromark', () => {
    expect(plainChunk(['*emphasis* here'])).toBeNull();
    expect(plainChunk(['| a | \\| b |', '|---|---|'])).toBeNull();
    expect(plainChunk(['| a | b |', '|---|---|', '| 1 | 2 |'])).toHaveLength(1);
  });
});

describe('incremental parser', () => {
  it('re-parses only the sections whose text changed', () => {
    const parser = createIncrementalParser();
    const text = specText();
    const first = parser.parse(text, 'spec.md');
    const sections = splitSections(text).length;
    expect(parser.cache.misses).toBe(parser.cache.size);
    const missesBefore = parser.cache.misses;
    const hitsBefore = parser.cache.hits;
    const again = parser.parse(text, 'spec.md');
    expect(again).toEqual(first);
    expect(parser.cache.misses).toBe(missesBefore);
    expect(parser.cache.hits - hitsBefore).toBe(sections);

    const edited = text.replace(
      '| Price | Decimal? | Price. | - |',
      '| Price | Decimal? | Price in the currency. | - |',
    );
    const third = parser.parse(edited, 'spec.md');
    expect(parser.cache.misses).toBe(missesBefore + 1);
    const price = third.spec.resources
      .find((r) => r.name === 'SupplierPartLinks')!
      .fields.find((f) => f.name === 'Price')!;
    expect(price.notes).toBe('Price in the currency.');
    expect(third).toEqual(parseSpec(edited, 'spec.md'));
    expect(parser.cache.size, 'the old version of the edited section is dropped').toBe(
      new Set(splitSections(edited).map((x) => x.body)).size,
    );
  });

  it('keeps positions right when a cached section moves down', () => {
    const parser = createIncrementalParser();
    const text = specText();
    parser.parse(text, 'spec.md');
    const moved = text.replace('Conventions used below:', 'An added line.\n\nConventions used below:');
    expect(parser.parse(moved, 'spec.md')).toEqual(parseSpec(moved, 'spec.md'));
  });
});
