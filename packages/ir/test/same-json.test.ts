import { describe, expect, it } from 'vitest';
import { sameJson } from '../src/index.ts';

describe('sameJson', () => {
  it('answers as comparing JSON texts would, property order included', () => {
    const a = { kind: 'enum', values: [{ value: 1, name: 'A' }], note: null };
    expect(sameJson(a, structuredClone(a))).toBe(true);
    expect(sameJson(a, { values: a.values, kind: 'enum', note: null })).toBe(false);
    expect(sameJson([1, [2]], [1, [2]])).toBe(true);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameJson({ a: null }, { a: {} })).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });

  it('leaves out the skipped property at every depth, and only it', () => {
    const at = (line: number) => ({ name: 'Status', source: { line }, values: [{ value: 1, source: { line } }] });
    expect(sameJson(at(3), at(9))).toBe(false);
    expect(sameJson(at(3), at(9), 'source')).toBe(true);
    expect(sameJson({ ...at(3), name: 'Other' }, at(9), 'source')).toBe(false);
  });
});
