/**
 * Which `specgen` runs the language server: the workspace's own `@specgen/cli` when the workspace
 * folder (or a folder above it) has one installed, so the editor reports exactly what the team's
 * `specgen generate` and CI report; otherwise the copy of the CLI bundled in the extension
 * (`server/`, written by scripts/build.mjs). Plain Node: no `vscode` import, so the tests call it.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface ServerModule {
  /** The `specgen` bin (a Node script) that is started as `<bin> lsp --stdio`. */
  bin: string;
  /** Where it came from: the workspace's node_modules, or the extension's own copy. */
  source: 'workspace' | 'bundled';
  /** The CLI's version, from its package.json. */
  version: string;
  /** The oldest Node it runs on (`engines.node`, `>=20.19` -> `20.19.0`), if it says. */
  minimumNode?: string;
}

interface CliManifest {
  version?: string;
  bin?: string | Record<string, string>;
  engines?: { node?: string };
}

/**
 * The CLI installed for `folder`: `node_modules/@specgen/cli` in the folder or the nearest parent that
 * has one (a monorepo's root install counts), as Node looks up packages. Only node_modules folders:
 * NODE_PATH and global folders (a package manager's shims set NODE_PATH) say nothing about the project.
 */
export function workspaceCli(folder: string): ServerModule | undefined {
  for (let dir = folder; ; dir = dirname(dir)) {
    const installed = join(dir, 'node_modules/@specgen/cli');
    if (existsSync(join(installed, 'package.json'))) return cliAt(realpathSync(installed), 'workspace');
    if (dirname(dir) === dir) return undefined;
  }
}

/** The CLI copy inside the extension (`<extension>/server`). */
export function bundledCli(extensionPath: string): ServerModule {
  const cli = cliAt(join(extensionPath, 'server'), 'bundled');
  if (!cli) throw new Error(`the extension's bundled specgen is missing from ${join(extensionPath, 'server')}`);
  return cli;
}

/** The first workspace folder's CLI, else the bundled one. */
export function serverModule(folders: readonly string[], extensionPath: string): ServerModule {
  for (const folder of folders) {
    const cli = workspaceCli(folder);
    if (cli) return cli;
  }
  return bundledCli(extensionPath);
}

function cliAt(dir: string, source: ServerModule['source']): ServerModule | undefined {
  const manifestPath = join(dir, 'package.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as CliManifest;
  const relative = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.specgen;
  if (!relative) return undefined;
  const bin = join(dir, relative);
  if (!existsSync(bin)) return undefined;
  const minimum = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(manifest.engines?.node ?? '');
  const minimumNode = minimum ? `${minimum[1]}.${minimum[2] ?? 0}.${minimum[3] ?? 0}` : undefined;
  return { bin, source, version: manifest.version ?? 'unknown', ...(minimumNode ? { minimumNode } : {}) };
}

/**
 * The Node that runs the server: the editor's own (`current`, e.g. the extension host's Electron run as
 * Node) when it is at least the CLI's minimum, else `node` from the PATH (older VS Code releases ship
 * Node 20 releases before 20.19, the CLI's `engines.node`).
 */
export function serverRuntime(server: ServerModule, current: { execPath: string; version: string }): string {
  if (!server.minimumNode) return current.execPath;
  const parts = (v: string) =>
    v
      .replace(/^v/, '')
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const [have, need] = [parts(current.version), parts(server.minimumNode)];
  for (let i = 0; i < 3; i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a !== b) return a > b ? current.execPath : 'node';
  }
  return current.execPath;
}
