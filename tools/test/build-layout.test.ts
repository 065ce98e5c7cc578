import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  builtPackages,
  entryConditions,
  EXTENSION_PACKAGES,
  ROOT,
  SOURCE_CONDITION,
  staleFiles,
} from '../build/layout.ts';

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

  it('the VS Code extension is the one exception: private, bundled and packed to a .vsix, no exports', () => {
    expect(builtPackages()).not.toContain('vscode');
    for (const dir of EXTENSION_PACKAGES) {
      const pkg = JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as {
        private?: boolean;
        exports?: unknown;
        main: string;
        engines: Record<string, string>;
        scripts: Record<string, string>;
      };
      expect(pkg.private, dir).toBe(true);
      expect(pkg.exports, dir).toBeUndefined();
      expect(pkg.main, dir).toBe('./dist/extension.js');
      expect(Object.keys(pkg.engines).sort(), dir).toEqual(['node', 'vscode']);
      expect(pkg.scripts.build, dir).toBe('node scripts/build.mjs');
    }
  });
});
