/**
 * The resolve passes (resolve.ts) read what the extractors collected and return new objects: an
 * incremental parse reuses extracted parts, so a pass that changed one would leak into the next
 * parse. The collected parts are deep-frozen here; any write throws (ES modules are strict).
 */
import { describe, expect, it } from 'vitest';
import { SectionCache } from '../src/cache.ts';
import { collect } from '../src/collect.ts';
import { ParseContext } from '../src/context.ts';
import { parseSpec } from '../src/index.ts';
import { resolve } from '../src/resolve.ts';
import { ResolveMemo } from '../src/resolve-memo.ts';
import { splitSections } from '../src/sections.ts';
import { sectionTree } from '../src/tree.ts';
import { miniSpec, specText } from './helpers.ts';

const FILE = 'spec/service-api.md';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function collected(text: string) {
  const ctx = new ParseContext(FILE);
  const cache = new SectionCache();
  const roots = sectionTree(splitSections(text), (s) => cache.blocks(s.body, s.bodyLine));
  return { ctx, c: deepFreeze(collect(ctx, roots)) };
}

describe('resolve', () => {
  it.each([
    ['the service spec', specText()],
    ['a small spec', miniSpec()],
  ])('changes nothing it was given, and gives what parseSpec gives: %s', (_name, text) => {
    const { ctx, c } = collected(text);
    const resolved = resolve(ctx, c, new ResolveMemo());
    const fresh = parseSpec(text, FILE).spec;
    expect(JSON.stringify(resolved.resources)).toBe(JSON.stringify(fresh.resources));
    expect(JSON.stringify(resolved.endpoints)).toBe(JSON.stringify(fresh.endpoints));
    expect(JSON.stringify(resolved.structures)).toBe(JSON.stringify(fresh.structures));
    expect(JSON.stringify(resolved.errorTables)).toBe(JSON.stringify(fresh.errorTables));
    expect(resolved.versions).toEqual(fresh.versions);
  });

  it('gives the same result with and without a memo, and the memo the same resources for the same input', () => {
    const text = specText();
    const memo = new ResolveMemo();
    const one = collected(text);
    const first = resolve(one.ctx, one.c, memo);
    const other = collected(text);
    const without = resolve(other.ctx, other.c);
    expect(JSON.stringify(without)).toBe(JSON.stringify(first));
    // the same extracted resources (as the parse memo keeps them) resolve to the same objects
    const again = collected(text);
    const twice = [resolve(again.ctx, again.c, memo), resolve(again.ctx, again.c, memo)];
    expect(twice[1]?.resources.every((r, i) => r === twice[0]?.resources[i])).toBe(true);
  });
});
