/**
 * Layers point one way (README "Package layers", STYLE.md): checked on the real package.json
 * files and sources, so a new dependency or a relative import across packages fails here.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  crossPackageImports,
  dependencyClosure,
  generatedPackageNames,
  globToRegExp,
  layerViolations,
  ROOT,
  workspacePackages,
  type WorkspacePackage,
} from '../layers.ts';

const pkg = (name: string, dependencies: string[], devDependencies: string[] = []): WorkspacePackage => ({
  dir: name,
  name,
  dependencies,
  devDependencies,
});

describe('package layers', () => {
  it('finds each kind of violation (rules checked on hand-made packages)', () => {
    const found = layerViolations(
      [
        pkg(
          '@specgen/runtime-x',
          ['@specgen/ir', '@specgen/contract', '@specgen/parser', '@specgen/test-support'],
          ['@specgen/generate-core', '@specgen/test-support'],
        ),
        pkg('@specgen/generate-x', ['@specgen/contract'], ['@specgen/runtime-store']),
        pkg('@specgen/contract', ['@specgen/ir', '@specgen/generate-core'], ['@specgen/parser']),
        pkg('@specgen/generate-y', ['@specgen/generate-core', '@specgen/generate-x'], ['@specgen/generate-z']),
        pkg('@specgen/runtime-y', ['@acme/validators'], ['@acme/validators']),
      ],
      ['@acme/validators'],
    ).map((v) => `${v.from} -> ${v.to} (${v.field})`);
    expect(found).toEqual([
      '@specgen/runtime-x -> @specgen/parser (dependencies)',
      '@specgen/runtime-x -> @specgen/test-support (dependencies)',
      '@specgen/runtime-x -> @specgen/generate-core (devDependencies)',
      '@specgen/generate-x -> @specgen/runtime-store (devDependencies)',
      '@specgen/contract -> @specgen/generate-core (dependencies)',
      '@specgen/generate-y -> @specgen/generate-x (dependencies)',
      '@specgen/runtime-y -> @acme/validators (dependencies)',
    ]);
  });

  it('runtime packages need only the IR and the contract; generators never need the runtime, nor one another', () => {
    expect(generatedPackageNames()).toContain('@service-api/validators');
    expect(layerViolations()).toEqual([]);
  });

  it('the running server does not reach the parser, a generator or test support through any dependency', () => {
    const closure = dependencyClosure('@specgen/runtime-server').map((p) => p.name);
    const reachable = closure.filter((n) => /^@specgen\/(parser|cli|diff|generate-|test-support)/.test(n));
    expect(reachable).toEqual([]);
  });
});

describe('packages talk through their exports', () => {
  it('finds relative imports into another package or generated/, static and dynamic (hand-made workspace)', () => {
    const root = mkdtempSync(join(tmpdir(), 'layers-'));
    try {
      for (const [dir, files] of Object.entries({
        a: {
          'src/x.ts': "import { y } from '../../b/src/y.ts';\nimport { own } from './own.ts';\n",
          'test/t.ts': "const m = await import('../../../generated/client/src/index.ts');\n",
        },
        b: { 'src/y.ts': "export * from '../test/helper.ts';\n" },
      })) {
        mkdirSync(join(root, 'packages', dir), { recursive: true });
        writeFileSync(join(root, 'packages', dir, 'package.json'), JSON.stringify({ name: `@x/${dir}` }));
        for (const [file, text] of Object.entries(files)) {
          mkdirSync(dirname(join(root, 'packages', dir, file)), { recursive: true });
          writeFileSync(join(root, 'packages', dir, file), text);
        }
      }
      mkdirSync(join(root, 'tools', 'bench'), { recursive: true });
      // (spelled in two parts, or this file's own check would find the import in this string)
      const intoTest = ['import { z } from', "'../../packages/b/test/z.ts';"].join(' ');
      writeFileSync(join(root, 'tools', 'bench', 'b.ts'), `${intoTest}\nimport { s } from '../synthetic.ts';\n`);
      expect(crossPackageImports(root)).toEqual([
        'packages/a/src/x.ts: ../../b/src/y.ts',
        'packages/a/test/t.ts: ../../../generated/client/src/index.ts',
        'tools/bench/b.ts: ../../packages/b/test/z.ts',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('no file in packages/*/src or test, or in tools/, imports another package (or generated/) by relative path', () => {
    expect(crossPackageImports()).toEqual([]);
  });
});

describe('turbo //#generate inputs', () => {
  const turbo = JSON.parse(readFileSync(join(ROOT, 'turbo.json'), 'utf8')) as {
    tasks: Record<string, { inputs: string[] }>;
  };
  const inputs = turbo.tasks['//#generate']!.inputs.map(globToRegExp);
  const covered = (path: string) => inputs.some((re) => re.test(path));

  it('list the sources of every package the generate command loads, the spec and the templates', () => {
    // The generate command: the CLI, the parser and every generator with what they load; not the
    // packages of the other, lazily loaded commands (`diff`, `docs`, `lsp`, `verify`) nor what only they need.
    const otherCommands = ['@specgen/diff', '@specgen/generate-docs', '@specgen/lsp', '@specgen/verify'];
    const packages = workspacePackages().map((p) =>
      p.name === '@specgen/cli' ? { ...p, dependencies: p.dependencies.filter((d) => !otherCommands.includes(d)) } : p,
    );
    const generate = packages.filter(
      (p) =>
        p.name === '@specgen/cli' ||
        p.name === '@specgen/parser' ||
        (p.name.startsWith('@specgen/generate-') && !otherCommands.includes(p.name)),
    );
    const loaded = new Map(generate.flatMap((g) => dependencyClosure(g.name, packages)).map((p) => [p.dir, p]));
    const missing = [...loaded.keys()]
      .map((dir) => `packages/${dir}/src/index.ts`)
      // specgen.config.{json,mjs,js}: package names the generated package.json files carry.
      .concat(['spec/service-api.md', 'templates/server/main.ts.hbs', 'specgen.config.json', 'specgen.config.mjs'])
      .filter((path) => !covered(path));
    expect(missing).toEqual([]);
  });

  it('cover nothing of the runtime (a runtime change is no reason to regenerate)', () => {
    const runtime = workspacePackages().filter((p) => p.name.startsWith('@specgen/runtime-'));
    expect(runtime.map((p) => `packages/${p.dir}/src/index.ts`).filter(covered)).toEqual([]);
  });
});
