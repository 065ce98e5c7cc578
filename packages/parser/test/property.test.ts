/** Mutated specs never make the parser throw: they only produce diagnostics, and the IR stays valid. */
import fc from 'fast-check';
import { Spec } from '@specgen/ir';
import { describe, expect, it } from 'vitest';
import { createIncrementalParser, parseSpec } from '../src/index.ts';
import { specText } from './helpers.ts';

const LINES = specText().split('\n');
/** Unchanged sections come from the cache, so each run parses only the sections it mutated. */
const parser = createIncrementalParser();

type Mutation =
  | { kind: 'delete'; at: number }
  | { kind: 'duplicate'; at: number }
  | { kind: 'insert'; at: number; column: number; text: string }
  | { kind: 'removeCell'; at: number; cell: number }
  | { kind: 'swap'; at: number; with: number };

const index = fc.nat({ max: LINES.length - 1 });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: index }),
  fc.record({ kind: fc.constant('duplicate' as const), at: index }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: index,
    column: fc.nat({ max: 200 }),
    text: fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom('|', '`', '**', '\\', '<x>', '# ', '- ', '```', '?', '[]', ' = ', '0 = ', '\r', '\n'),
    ),
  }),
  fc.record({ kind: fc.constant('removeCell' as const), at: index, cell: fc.nat({ max: 5 }) }),
  fc.record({ kind: fc.constant('swap' as const), at: index, with: index }),
);

function apply(lines: string[], m: Mutation): string[] {
  const out = [...lines];
  const at = Math.min(m.at, out.length - 1);
  if (at < 0) return out;
  const line = out[at]!;
  switch (m.kind) {
    case 'delete':
      out.splice(at, 1);
      break;
    case 'duplicate':
      out.splice(at, 0, line);
      break;
    case 'insert': {
      const c = Math.min(m.column, line.length);
      out[at] = line.slice(0, c) + m.text + line.slice(c);
      break;
    }
    case 'removeCell': {
      const cells = line.split('|');
      cells.splice(Math.min(m.cell + 1, cells.length - 1), 1);
      out[at] = cells.join('|');
      break;
    }
    case 'swap': {
      const w = Math.min(m.with, out.length - 1);
      out[at] = out[w]!;
      out[w] = line;
      break;
    }
  }
  return out;
}

describe('mutated specs', () => {
  it('never throw; the IR validates and every diagnostic has a position inside the file', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 8 }), (mutations) => {
        const text = mutations.reduce(apply, LINES).join('\n');
        const lineCount = text.split(/\r\n|\r|\n/).length;
        const { spec, diagnostics } = parser.parse(text, 'm.md');
        expect(() => Spec.parse(spec)).not.toThrow();
        for (const d of diagnostics) {
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.line).toBeLessThanOrEqual(lineCount);
          expect(d.column).toBeGreaterThanOrEqual(1);
          expect(d.message).not.toBe('');
        }
      }),
      { numRuns: 120 },
    );
  }, 120_000);

  it('arbitrary text never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const { spec } = parseSpec(text, 'x.md');
        expect(() => Spec.parse(spec)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('names holding RegExp characters are matched literally, never thrown (command, query parameter, field)', () => {
    const text = specText()
      .replace('| GetMultiFactorDeviceSecret | 200 JSON', '| Get(Secret | 200 JSON')
      .replace('?redirectUrl=<url>', '?redirect(Url=<url>')
      .replace('| MfaToken | String | The token returned', '| Mfa[Token | String | The token returned');
    const { spec } = parseSpec(text, 'm.md');
    expect(() => Spec.parse(spec)).not.toThrow();
    expect(spec.commands.map((c) => c.name)).toContain('Get(Secret');
  });

  it('deleting a table cell is reported, not thrown', () => {
    const text = specText().replace('| PartId | Int64 | References Parts. | - |', '| PartId | Int64 |');
    const { diagnostics } = parseSpec(text, 'm.md');
    expect(diagnostics.map((d) => d.code)).toEqual(['table-missing-cell']);
  });

  it('odd values in limits and notes keep the IR valid', () => {
    const text = specText()
      .replace('| ManufacturerPartNumber length | at most 50 |', '| ManufacturerPartNumber length | at most 0 |')
      .replace('Manufacturer part number; maximum length 50.', 'Manufacturer part number; maximum length 0.')
      .replace('| MfaToken validity | 1.5 minutes |', `| MfaToken validity | ${'9'.repeat(400)} minutes |`)
      .replace('0 = ProductRecord, 1 = Batch.', '0 = ProductRecord, 99999999999999999999 = Batch.');
    const { spec } = parseSpec(text, 'm.md');
    expect(() => Spec.parse(spec)).not.toThrow();
    expect(spec.resources[0]!.fields.find((f) => f.name === 'ManufacturerPartNumber')!.maxLength).toBeNull();
    expect(spec.limits[0]!.value.kind).toBe('text');
    expect(parseSpec(text, 'm.md').diagnostics.map((d) => d.code)).toEqual(['enum-value-not-integer']);
  });
});
