import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtPackages, entryConditions, ROOT, SOURCE_CONDITION, staleFiles } from '../build/layout.ts';

describe('build layout of the workspace packages', () => {
  it('every package has the tsconfig.build.json and exports tools/build/layout.ts writes (run it to fix)', () => {
    expect(staleFiles()).toEqual([]);
  });

  it('maps a source entry to the source condition first, then types, import and default in dist', () => {
    expect(Object.entries(entryConditions('./src/oidc/index.ts'))).toEqual([
      [SOURCE_CONDITION, './src/oidc/index.ts'],
      ['types', './dist/oidc/index.d.ts'],
      ['import', './dist/oidc/index.js'],
      ['default', './dist/oidc/index.js'],
    ]);
  });

  it('every package ships dist and builds it before packing', () => {
    for (const dir of builtPackages()) {
      const pkg = JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as {
        files: string[];
        scripts: Record<string, string>;
      };
      expect(pkg.files, dir).toContain('dist');
      expect(pkg.scripts.prepack, dir).toMatch(/^tsc -b tsconfig\.build\.json/);
    }
  });
});
