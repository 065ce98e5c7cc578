/**
 * Which specgen the extension starts: the workspace's installed @specgen/cli (found as Node finds
 * it, from the folder up), else the copy in the extension. Real folders on disk, and this repository,
 * whose root depends on @specgen/cli.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledCli, serverModule, serverRuntime, workspaceCli } from '../src/server-module.ts';
import { PACKAGE_DIR } from './vsix.ts';

const REPO = join(PACKAGE_DIR, '../..');
const root = mkdtempSync(join(tmpdir(), 'specgen-server-module-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder with `node_modules/@specgen/cli` (package.json with `bin`, and the bin file). */
function installCli(
  dir: string,
  version: string,
  bin: string | Record<string, string> = { specgen: './bin/specgen.js' },
): string {
  const cli = join(dir, 'node_modules/@specgen/cli');
  mkdirSync(join(cli, 'bin'), { recursive: true });
  writeFileSync(join(cli, 'package.json'), JSON.stringify({ name: '@specgen/cli', version, bin }));
  writeFileSync(join(cli, 'bin/specgen.js'), '');
  return join(cli, 'bin/specgen.js');
}

/** An unpacked extension: `server/` as scripts/build.mjs writes it. */
function extensionWithServer(dir: string): string {
  mkdirSync(join(dir, 'server/bin'), { recursive: true });
  writeFileSync(
    join(dir, 'server/package.json'),
    JSON.stringify({ name: '@specgen/cli', version: '9.9.9', bin: { specgen: 'bin/specgen.js' } }),
  );
  writeFileSync(join(dir, 'server/bin/specgen.js'), '');
  return dir;
}

describe('the server the extension starts', () => {
  const extension = extensionWithServer(join(root, 'extension'));

  it("prefers the workspace's CLI, found from a nested folder too (monorepos)", () => {
    const bin = installCli(join(root, 'team'), '1.2.3');
    mkdirSync(join(root, 'team/services/api'), { recursive: true });
    expect(serverModule([join(root, 'team/services/api')], extension)).toEqual({
      bin,
      source: 'workspace',
      version: '1.2.3',
    });
  });

  it('reads a string `bin` as well as a map', () => {
    const bin = installCli(join(root, 'string-bin'), '2.0.0', 'bin/specgen.js');
    expect(workspaceCli(join(root, 'string-bin'))).toEqual({ bin, source: 'workspace', version: '2.0.0' });
  });

  it('takes the first workspace folder that has one', () => {
    mkdirSync(join(root, 'docs-only'));
    const bin = installCli(join(root, 'second'), '3.0.0');
    expect(serverModule([join(root, 'docs-only'), join(root, 'second')], extension).bin).toBe(bin);
  });

  it('falls back to the bundled copy without one (or without a bin file)', () => {
    const broken = join(root, 'broken');
    installCli(broken, '4.0.0');
    rmSync(join(broken, 'node_modules/@specgen/cli/bin/specgen.js'));
    expect(serverModule([join(root, 'docs-only'), broken], extension)).toEqual({
      bin: join(extension, 'server/bin/specgen.js'),
      source: 'bundled',
      version: '9.9.9',
    });
    expect(serverModule([], extension).source).toBe('bundled');
  });

  it('says so when the extension has no bundled copy', () => {
    expect(() => bundledCli(join(root, 'docs-only'))).toThrow(/bundled specgen is missing/);
  });

  it("finds this repository's own CLI (the root depends on @specgen/cli)", () => {
    const found = workspaceCli(REPO);
    expect(found?.source).toBe('workspace');
    expect(found?.bin).toBe(join(REPO, 'packages/cli/bin/specgen.js'));
  });

  it("runs the server with the editor's Node when it is recent enough for the CLI, else node from the PATH", () => {
    const cli = { bin: '/x/specgen.js', source: 'workspace' as const, version: '1.0.0', minimumNode: '20.19.0' };
    const editor = (version: string) => serverRuntime(cli, { execPath: '/opt/editor/electron', version });
    expect(editor('22.15.1')).toBe('/opt/editor/electron');
    expect(editor('20.19.0')).toBe('/opt/editor/electron');
    expect(editor('v20.19.2')).toBe('/opt/editor/electron');
    expect(editor('20.18.3')).toBe('node');
    expect(editor('20.9.0')).toBe('node');
    const { minimumNode: _none, ...unstated } = cli;
    expect(serverRuntime(unstated, { execPath: '/opt/editor/electron', version: '18.0.0' })).toBe(
      '/opt/editor/electron',
    );
  });

  it("reads the minimum from the CLI's engines.node (this repository's CLI and the bundled copy)", () => {
    const cli = JSON.parse(readFileSync(join(REPO, 'packages/cli/package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(cli.engines.node).toBe('>=20.19');
    expect(workspaceCli(REPO)?.minimumNode).toBe('20.19.0');
    expect(bundledCli(PACKAGE_DIR).minimumNode).toBe('20.19.0');
  });
});
