// Build of the VS Code extension (turbo `build`; docs/editor.md): three steps, all offline.
// 1. esbuild bundles src/extension.ts with vscode-languageclient into dist/extension.js (CommonJS,
//    as VS Code loads extensions; `vscode` is the editor's own module).
// 2. The CLI's build (its `bundle/` and `bin/`, packages/cli/scripts/bundle.mjs) is copied into
//    server/: the server the extension starts when the workspace has no @specgen/cli of its own.
// 3. @vscode/vsce packs package.json `files` into dist/specgen-vscode.vsix, `--no-dependencies`
//    (everything is bundled, so no npm/yarn listing), with stdin closed: a question vsce would ask
//    (missing LICENSE or repository) fails the build instead of waiting.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
export const VSIX = join(PACKAGE, 'dist/specgen-vscode.vsix');

rmSync(join(PACKAGE, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [join(PACKAGE, 'src/extension.ts')],
  outfile: join(PACKAGE, 'dist/extension.js'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: true,
  logLevel: 'error',
});

const cli = dirname(require.resolve('@specgen/cli/package.json'));
if (!existsSync(join(cli, 'bundle/main.js'))) {
  throw new Error(`${cli}/bundle is missing: build @specgen/cli first (pnpm turbo run build --filter specgen-vscode)`);
}
const server = join(PACKAGE, 'server');
rmSync(server, { recursive: true, force: true });
mkdirSync(server, { recursive: true });
cpSync(join(cli, 'bundle'), join(server, 'bundle'), { recursive: true });
cpSync(join(cli, 'bin'), join(server, 'bin'), { recursive: true });
const manifest = JSON.parse(readFileSync(join(cli, 'package.json'), 'utf8'));
// `repository` (stamped at release) is where the server links diagnostics when a workspace has no docs.
const copy = {
  name: manifest.name,
  version: manifest.version,
  private: true,
  type: manifest.type,
  bin: manifest.bin,
  engines: manifest.engines,
  repository: manifest.repository,
};
writeFileSync(join(server, 'package.json'), `${JSON.stringify(copy, null, 2)}\n`);

const vsce = join(dirname(require.resolve('@vscode/vsce/package.json')), 'vsce');
const packed = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', VSIX], {
  cwd: PACKAGE,
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (packed.status !== 0) throw new Error(`vsce package failed (exit ${packed.status ?? packed.signal})`);
