/**
 * The document's `$filter` description (from @specgen/contract) advertises exactly what the
 * runtime's parser accepts: the same comparison operators and functions, and no arithmetic.
 */
import { describe, expect, it } from 'vitest';
import {
  COLLECTION_OPTIONS as ADVERTISED_COLLECTION,
  FILTER_COMPARISONS,
  FILTER_FUNCTIONS,
  SINGLE_RECORD_OPTIONS as ADVERTISED_SINGLE,
  filterDescription,
} from '@specgen/contract';
import {
  COLLECTION_OPTIONS,
  COMPARE_OPS,
  FUNCTIONS,
  SINGLE_RECORD_OPTIONS,
  isQueryError,
  parseFilter,
} from '@specgen/runtime-query';

describe('query options: the contract and the parser agree', () => {
  it("lists the parser's comparison operators and functions, and its options", () => {
    expect([...FILTER_COMPARISONS].sort()).toEqual(Object.keys(COMPARE_OPS).sort());
    expect([...FILTER_FUNCTIONS].sort()).toEqual([...FUNCTIONS].sort());
    expect([...ADVERTISED_COLLECTION]).toEqual([...COLLECTION_OPTIONS]);
    expect([...ADVERTISED_SINGLE]).toEqual([...SINGLE_RECORD_OPTIONS]);
  });

  it('advertises no arithmetic, which the parser refuses', () => {
    for (const op of ['add', 'sub', 'mul', 'div', 'mod']) {
      expect(filterDescription()).not.toMatch(new RegExp(`\\b${op}\\b`));
      let error: unknown;
      try {
        parseFilter(`Id ${op} 1 eq 2`);
      } catch (e) {
        error = e;
      }
      expect(isQueryError(error)).toBe(true);
    }
  });
});
