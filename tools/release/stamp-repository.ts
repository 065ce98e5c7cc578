/**
 * Writes `repository` into every published package.json of the workspace, just before
 * `changeset publish` in the release workflow. npm checks a provenance statement against the
 * package's `repository.url`, and the repository is known only where the workflow runs, from
 * GitHub's own variables (GITHUB_SERVER_URL, GITHUB_REPOSITORY). Private packages are left alone.
 * Refuses (exit 1) when the variables are missing, so a publish never goes out without it.
 *
 *   node --experimental-strip-types tools/release/stamp-repository.ts [root]   (or: pnpm tsx ...)
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The folders whose children are packages (as pnpm-workspace.yaml lists them, minus tools and examples). */
const PACKAGE_FOLDERS = ['packages', 'generated'];

export interface Stamped {
  file: string;
  name: string;
}

export function repositoryUrl(env: Record<string, string | undefined>): string | null {
  const server = env.GITHUB_SERVER_URL?.replace(/\/$/, '');
  const repository = env.GITHUB_REPOSITORY;
  if (!server || !repository || !/^[\w.-]+\/[\w.-]+$/.test(repository)) return null;
  return `git+${server}/${repository}.git`;
}

export function stampRepository(root: string, url: string): Stamped[] {
  const stamped: Stamped[] = [];
  for (const folder of PACKAGE_FOLDERS) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    for (const child of readdirSync(dir).sort()) {
      const file = join(dir, child, 'package.json');
      if (!existsSync(file)) continue;
      const text = readFileSync(file, 'utf8');
      const manifest = JSON.parse(text) as Record<string, unknown>;
      if (manifest.private === true) continue;
      manifest.repository = { type: 'git', url, directory: `${folder}/${child}` };
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
      stamped.push({ file: `${folder}/${child}/package.json`, name: String(manifest.name) });
    }
  }
  return stamped;
}

function main(): number {
  const url = repositoryUrl(process.env);
  if (url === null) {
    process.stderr.write('stamp-repository: GITHUB_SERVER_URL and GITHUB_REPOSITORY are not set (this runs in the release workflow)\n');
    return 1;
  }
  const root = resolve(process.argv[2] ?? '.');
  for (const s of stampRepository(root, url)) process.stdout.write(`repository ${url} -> ${s.name} (${s.file})\n`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main());
