import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareVersions, sortVersions, availableAt, isVersion } from '../src/index.ts';

describe('versions compare numerically', () => {
  it.each([
    ['2.9', '2.18', -1],
    ['2.18', '22.6', -1],
    ['22.6', '26.7', -1],
    ['24.1', '24.1', 0],
    ['2.51', '2.6', 1],
  ])('%s vs %s', (a, b, want) => expect(compareVersions(a, b)).toBe(want));

  it('sorts 2.9 < 2.18 < 22.6 < 26.7', () => {
    expect(sortVersions(['26.7', '2.18', '22.6', '2.9'])).toEqual(['2.9', '2.18', '22.6', '26.7']);
  });

  it('gates availability', () => {
    expect(availableAt('25.8', '25.7')).toBe(false);
    expect(availableAt('25.8', '25.8')).toBe(true);
    expect(availableAt(null, '2.18')).toBe(true);
  });

  it('rejects malformed versions', () => {
    expect(isVersion('2.x')).toBe(false);
    expect(() => compareVersions('2.x', '1')).toThrow(/malformed/);
  });

  it('is a total order consistent with tuples', () => {
    const v = fc.tuple(fc.nat(99), fc.nat(99)).map(([a, b]) => `${a}.${b}`);
    fc.assert(
      fc.property(v, v, (a, b) => {
        const [a1, a2] = a.split('.').map(Number) as [number, number];
        const [b1, b2] = b.split('.').map(Number) as [number, number];
        const want = a1 !== b1 ? Math.sign(a1 - b1) : Math.sign(a2 - b2);
        return compareVersions(a, b) === want && compareVersions(b, a) === -want;
      }),
    );
  });
});
