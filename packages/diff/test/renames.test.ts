/**
 * Possible renames are paired the same way in both directions: what the diff of A against B calls a
 * rename, the diff of B against A calls the same rename, and the fields left over are added in one
 * direction exactly where they are removed in the other (found by properties.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { field, type Spec } from '@specgen/ir';
import { diffSpecs } from '../src/index.ts';
import { pairRenames } from '../src/compare/renames.ts';
import { baseSpec } from './base-ir.ts';

const withFields = (names: string[]): Spec => {
  const s = baseSpec();
  const records = s.resources.find((r) => r.name === 'ProductRecords');
  if (!records) throw new Error('base spec without ProductRecords');
  records.fields.push(...names.map((n) => field(n, 'Int64?', { since: '2.24' })));
  return s;
};

const subjects = (s: Spec, t: Spec, rule: string) =>
  diffSpecs(s, t)
    .changes.filter((c) => c.rule === rule)
    .map((c) => (rule === 'field-possibly-renamed' ? c.message : c.field));

describe('possible renames', () => {
  // one field removed, two of its type added: the more similar name is the rename, whichever side is older
  const a = withFields(['CustomerOrderBinLocationId']);
  const b = withFields(['CarrierId', 'BinLocationId']);

  it('pairs the most similar names, in both directions', () => {
    expect(subjects(a, b, 'field-possibly-renamed')).toEqual([
      'ProductRecords.CustomerOrderBinLocationId was removed and BinLocationId (Int64?) added: possibly a rename.',
    ]);
    expect(subjects(a, b, 'field-added')).toEqual(['CarrierId']);
    expect(subjects(b, a, 'field-possibly-renamed')).toEqual([
      'ProductRecords.BinLocationId was removed and CustomerOrderBinLocationId (Int64?) added: possibly a rename.',
    ]);
    expect(subjects(b, a, 'field-removed')).toEqual(['CarrierId']);
  });

  it('does not depend on the order of the removed fields', () => {
    const [x, y] = withFields(['CarrierId', 'BinLocationId']).resources[0]!.fields.slice(-2);
    const [z] = withFields(['CustomerOrderBinLocationId']).resources[0]!.fields.slice(-1);
    const pairs = (removed: (typeof x)[]) => pairRenames(removed as never, [z] as never).map((p) => p.before.name);
    expect(pairs([x, y])).toEqual(['BinLocationId']);
    expect(pairs([y, x])).toEqual(['BinLocationId']);
  });
});
