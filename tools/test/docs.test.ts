import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assemble, outputPath } from '../docs/assemble.ts';

describe('assembled docs', () => {
  it.each(['decisions', 'benchmarks'] as const)('docs/%s.md is current (run `pnpm docs:assemble`)', (kind) => {
    expect(readFileSync(outputPath(kind), 'utf8')).toBe(assemble(kind));
  });

  it('keeps links of the area files valid from docs/', () => {
    const text = assemble('decisions');
    expect(text).not.toMatch(/\]\(\.\.\//);
  });
});
