import fc from 'fast-check';
import { sortVersions } from '@specgen/ir';
import { describe, expect, it } from 'vitest';
import { orderVersions } from '../src/order.ts';

describe('orderVersions', () => {
  it('orders numerically part by part: 2.9 < 2.18 < 22.6 < 26.7', () => {
    expect(orderVersions(['26.7', '2.18', '22.6', '2.9', '2.18'])).toEqual(['2.9', '2.18', '22.6', '26.7']);
  });

  it('gives the same order as sortVersions from @specgen/ir', () => {
    const version = fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));
    fc.assert(
      fc.property(fc.array(version, { maxLength: 30 }), (versions) => {
        expect(orderVersions(versions)).toEqual(sortVersions(versions));
      }),
    );
  });
});
