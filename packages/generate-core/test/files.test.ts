import { describe, expect, it } from 'vitest';
import { normalize } from '../src/index.ts';

/** The rule normalize implements: LF line ends, no trailing whitespace, one final newline. */
const rule = (text: string) => text.replace(/\r\n?/g, '\n').trimEnd() + '\n';

describe('normalize', () => {
  it.each([
    ['a\n'], ['a'], ['a\n\n'], ['a \n'], ['a\t\n'], ['a\u00a0\n'], ['a\ufeff\n'], ['a\r\n'], ['a\rb\r\n'], ['\n'], [''], [' '], ['a\n \n'],
    ['{\n  "x": 1\n}\n'],
  ])('%j gives the same text as the rule', (text) => {
    expect(normalize(text)).toBe(rule(text));
  });

  it('returns a text that already follows the rule as it is', () => {
    const text = `${'x'.repeat(1000)}\n`;
    expect(normalize(text)).toBe(text);
  });
});
