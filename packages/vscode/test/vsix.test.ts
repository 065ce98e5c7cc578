/**
 * The packed extension, as `code --install-extension` gets it (dist/specgen-vscode.vsix, written by
 * the package's build): its manifest, its self-contained bundle, and the specgen CLI inside it,
 * which starts a language server outside this repository and answers an LSP handshake over stdio.
 */
import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOW_CHANGES_COMMAND } from '../src/change-list.ts';
import { startBundledServer } from './lsp-stdio.ts';
import { manifestOf, PACKAGE_DIR, unpackExtension, type ExtensionManifest } from './vsix.ts';

const REPO = join(PACKAGE_DIR, '../..');
const source = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as ExtensionManifest;

let files: Map<string, Buffer>;
let manifest: ExtensionManifest;
let scratch: string;

beforeAll(async () => {
  // Outside the repository: nothing of the workspace's node_modules can help the copy run.
  ({ files, dir: scratch } = await unpackExtension());
  manifest = manifestOf(files);
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** `^1.91.0` -> `000001.000091.000000`: minimum versions compare as strings. */
const minimum = (range = '') =>
  (/(\d+)\.(\d+)\.(\d+)/.exec(range) ?? [])
    .slice(1)
    .map((n) => n.padStart(6, '0'))
    .join('.');

describe('the .vsix manifest', () => {
  it('names the extension, its entry and a VS Code range the language client supports', () => {
    expect(manifest).toMatchObject({
      name: 'specgen-vscode',
      publisher: 'specgen',
      version: source.version,
      main: './dist/extension.js',
    });
    expect(files.has('extension/dist/extension.js')).toBe(true);
    const client = JSON.parse(
      readFileSync(join(PACKAGE_DIR, 'node_modules/vscode-languageclient/package.json'), 'utf8'),
    ) as ExtensionManifest;
    expect(manifest.engines.vscode).toMatch(/^\^1\.\d+\.\d+$/);
    expect(minimum(manifest.engines.vscode) >= minimum(client.engines.vscode)).toBe(true);
    expect(minimum(client.engines.vscode)).toMatch(/^\d{6}\.\d{6}\.\d{6}$/);
    const vsixManifest = files.get('extension.vsixmanifest')?.toString('utf8') ?? '';
    expect(vsixManifest).toContain('Id="specgen-vscode"');
    expect(vsixManifest).toContain('Publisher="specgen"');
  });

  it('activates in spec workspaces and on markdown', () => {
    expect(manifest.activationEvents).toEqual([
      'workspaceContains:specgen.config.*',
      'workspaceContains:spec/*.md',
      'onLanguage:markdown',
    ]);
  });

  it('contributes the settings the server reads and the two commands', () => {
    const settings = manifest.contributes.configuration.properties;
    expect(Object.keys(settings).sort()).toEqual(['specgen.baseRef', 'specgen.specGlobs', 'specgen.trace.server']);
    expect(settings['specgen.specGlobs']).toMatchObject({ type: 'array', default: [] });
    expect(settings['specgen.baseRef']).toMatchObject({ type: 'string', default: 'origin/main' });
    expect(settings['specgen.trace.server']).toMatchObject({ enum: ['off', 'messages', 'verbose'], default: 'off' });
    expect(manifest.contributes.commands.map((c) => c.command).sort()).toEqual([
      'specgen.restartServer',
      SHOW_CHANGES_COMMAND,
    ]);
  });

  it('ships the bundle, the server, README and LICENSE, and no sources, tests or node_modules', () => {
    const names = [...files.keys()];
    expect(names).toEqual(
      expect.arrayContaining(['extension/readme.md', 'extension/LICENSE.txt', 'extension/server/bin/specgen.js']),
    );
    expect(names.filter((n) => /\.ts$|\/(src|test|node_modules|scripts)\//.test(n))).toEqual([]);
  });

  it('bundles everything it loads: the extension requires only `vscode` and Node built-ins', () => {
    const code = files.get('extension/dist/extension.js')?.toString('utf8') ?? '';
    const required = new Set([...code.matchAll(/\brequire\((["'])([^"']+)\1\)/g)].map((m) => m[2] ?? ''));
    expect(required.size).toBeGreaterThan(0);
    const allowed = (name: string) => name === 'vscode' || builtinModules.includes(name.replace(/^node:/, ''));
    expect([...required].filter((name) => !allowed(name))).toEqual([]);
  });
});

describe('the bundled specgen', () => {
  it('is the workspace CLI of the same version, and runs from the unpacked extension', () => {
    const cli = JSON.parse(readFileSync(join(REPO, 'packages/cli/package.json'), 'utf8')) as { version: string };
    const copy = JSON.parse(readFileSync(join(scratch, 'extension/server/package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    expect(copy).toMatchObject({ name: '@specgen/cli', version: cli.version });
    const { NODE_OPTIONS: _options, ...env } = process.env;
    const run = spawnSync(process.execPath, [join(scratch, 'extension/server/bin/specgen.js'), '--version'], {
      cwd: scratch,
      env,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toContain(cli.version);
  });

  it('starts `lsp --stdio` and answers the initialize handshake, then shuts down cleanly', async () => {
    const workspace = join(scratch, 'workspace');
    mkdirSync(join(workspace, 'spec'), { recursive: true });
    copyFileSync(join(REPO, 'spec/service-api.md'), join(workspace, 'spec/service-api.md'));
    const { client, init } = await startBundledServer(join(scratch, 'extension/server/bin/specgen.js'), workspace);
    try {
      const { capabilities } = init;
      expect(capabilities.hoverProvider).toBeTruthy();
      expect(capabilities.textDocumentSync).toBeTruthy();
      expect(capabilities.codeLensProvider).toBeTruthy();
      // The code lenses run this command; the extension's middleware answers it (src/show-changes.ts).
      expect(capabilities.executeCommandProvider?.commands).toContain(SHOW_CHANGES_COMMAND);
      const uri = pathToFileURL(join(workspace, 'spec/service-api.md')).href;
      client.open(uri, readFileSync(join(workspace, 'spec/service-api.md'), 'utf8'));
      expect(await client.diagnostics(uri)).toEqual([]);
    } finally {
      expect(await client.stop()).toBe(0);
    }
    expect(client.stderr).toBe('');
  });
});
