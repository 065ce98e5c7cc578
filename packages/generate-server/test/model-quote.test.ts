import { describe, expect, it } from 'vitest';
import { quote } from '../src/model.ts';

/** The value a TypeScript (here: JavaScript) string literal evaluates to. */
const evaluated = (literal: string): unknown => new Function(`return ${literal};`)();

describe('quote (the route rows’ `since` and `permission` literals)', () => {
  it('writes null as null and a plain value as it is, in single quotes', () => {
    expect(quote(null)).toBe('null');
    expect(quote('2.18')).toBe("'2.18'");
    expect(quote('')).toBe("''");
  });

  it('escapes backslashes and single quotes, wherever they are', () => {
    expect(quote("it's")).toBe("'it\\'s'");
    expect(quote('a\\b')).toBe("'a\\\\b'");
    expect(quote("\\'")).toBe("'\\\\\\''");
    for (const value of ["'", '\\', "end'", 'end\\', "'start", '\\start', 'both\\ and \' and "', 'Perm.Read', 'é ✓'])
      expect(evaluated(quote(value))).toBe(value);
  });
});
