#!/usr/bin/env node
/**
 * The repository's commands on compiled code (node, no tsx), building first only when an input changed
 * since the last build (built.mjs):
 *   node tools/dev/launch.mjs specgen <args>   the `specgen` CLI (packages/cli/bin/specgen.js)   = pnpm specgen
 *   node tools/dev/launch.mjs start            the sandbox server with demo data (start.mjs) and
 *                                              the reference site at /reference (specgen docs)   = pnpm start
 *   node tools/dev/launch.mjs service <args>   users and data of the store (service.mjs)          = pnpm service
 * Each runs in this process: no second node start-up. The sources through tsx: `pnpm dev`, `pnpm dev:specgen`.
 */
import { ensureBuilt, ensureReferenceSite } from './built.mjs';

// Compiled code only: an inherited `--conditions=@specgen/source` (the tests' NODE_OPTIONS, or a developer's
// shell) would resolve the workspace packages to their TypeScript sources, which plain node cannot load.
// Start again without it (the only case that costs a second node start-up).
const SOURCE_CONDITION = '--conditions=@specgen/source';
const nodeOptions = (process.env.NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
if (nodeOptions.includes(SOURCE_CONDITION)) {
  const { spawnSync } = await import('node:child_process');
  const NODE_OPTIONS = nodeOptions.filter((option) => option !== SOURCE_CONDITION).join(' ');
  const child = spawnSync(process.execPath, [new URL(import.meta.url).pathname, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS },
  });
  process.exit(child.status ?? 1);
}

const [name, ...rest] = process.argv.slice(2);
const entries = {
  specgen: ['cli', '../../packages/cli/bin/specgen.js'],
  start: ['server', './start.mjs'],
  service: ['server', './service.mjs'],
};
const entry = entries[name ?? ''];
if (!entry) {
  process.stderr.write(`usage: node tools/dev/launch.mjs ${Object.keys(entries).join('|')} [args]\n`);
  process.exit(2);
}
ensureBuilt(entry[0]);
// `pnpm start` serves the reference site at /reference: written again only when the spec or a package changed
if (name === 'start') ensureReferenceSite();
// The entry reads its arguments from process.argv.slice(2), as when node runs it directly.
process.argv = [process.argv[0] ?? 'node', new URL(entry[1], import.meta.url).pathname, ...rest];
await import(entry[1]);
