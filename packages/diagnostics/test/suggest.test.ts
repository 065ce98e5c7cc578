import { describe, expect, it } from 'vitest';
import { closestMatch, didYouMean, typoLimit } from '../src/index.ts';

const SCALARS = ['Int64', 'Int32', 'Decimal', 'Boolean', 'String', 'DateTimeOffset', 'TimeSpan', 'Integer'];

describe('did you mean', () => {
  it.each([
    ['Bolean', 'Boolean'],
    ['boolean', 'Boolean'],
    ['Int3', 'Int32'],
    ['Int6', 'Int64'],
    ['Strng', 'String'],
    ['DateTimeOfset', 'DateTimeOffset'],
    ['Timespan', 'TimeSpan'],
    ['Integr', 'Integer'],
  ])('%s -> %s', (word, want) => {
    expect(closestMatch(word, SCALARS)).toBe(want);
  });

  it.each(['Comments', 'Parts', 'ManufacturingOrders', 'ExtraFields', 'X', 'Int64'])(
    '%s is not taken for a typo of a scalar',
    (word) => {
      expect(closestMatch(word, SCALARS)).toBeNull();
    },
  );

  it('grows the limit with the length and formats the hint', () => {
    expect([1, 4, 5, 8, 12, 20].map(typoLimit)).toEqual([1, 1, 2, 2, 3, 5]);
    expect(didYouMean('spec/service-apt.md', ['spec/service-api.md'])).toBe('; did you mean spec/service-api.md?');
    expect(didYouMean('zzz', ['spec/service-api.md'])).toBe('');
  });
});
