/**
 * Writes `repository` into every published package.json of the workspace, and the reference
 * site's link (`specgen docs`, deployed to GitHub Pages by the same workflow) as `homepage` and
 * as a "Reference site" section of the README of each published generated package, just before
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

/**
 * Where the release workflow's Pages deployment publishes the reference site: REFERENCE_SITE_URL
 * when set (a custom domain), else `https://<owner>.github.io/<repository>/` for a repository on
 * github.com (`https://<owner>.github.io/` for the `<owner>.github.io` repository); null elsewhere.
 */
export function referenceSiteUrl(env: Record<string, string | undefined>): string | null {
  const custom = env.REFERENCE_SITE_URL?.trim();
  if (custom) return /^https?:\/\/\S+$/.test(custom) ? (custom.endsWith('/') ? custom : `${custom}/`) : null;
  const match = /^([\w.-]+)\/([\w.-]+)$/.exec(env.GITHUB_REPOSITORY ?? '');
  if (env.GITHUB_SERVER_URL?.replace(/\/$/, '') !== 'https://github.com' || !match) return null;
  const owner = (match[1] ?? '').toLowerCase();
  const name = match[2] ?? '';
  return name.toLowerCase() === `${owner}.github.io`
    ? `https://${owner}.github.io/`
    : `https://${owner}.github.io/${name}/`;
}

const SITE_HEADING = '## Reference site';

/** The README with a "Reference site" section linking `site` (replaced when there is one). */
export function withSiteSection(readme: string, site: string): string {
  const section = `${SITE_HEADING}\n\nThe API as of every service version, and what changed in each (also as an Atom feed): <${site}>\n`;
  const at = readme.indexOf(`\n${SITE_HEADING}\n`);
  const kept = at >= 0 ? readme.slice(0, at + 1) : `${readme.replace(/\n*$/, '')}\n\n`;
  return `${kept}${section}`;
}

export function stampRepository(root: string, url: string, site: string | null = null): Stamped[] {
  const stamped: Stamped[] = [];
  for (const folder of PACKAGE_FOLDERS) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    for (const child of readdirSync(dir).sort()) {
      const file = join(dir, child, 'package.json');
      if (!existsSync(file)) continue;
      const text = readFileSync(file, 'utf8');
      const manifest = JSON.parse(text) as Record<string, unknown>;
      if (manifest['private'] === true) continue;
      manifest['repository'] = { type: 'git', url, directory: `${folder}/${child}` };
      if (site !== null && folder === 'generated') {
        manifest['homepage'] = site;
        const readme = join(dir, child, 'README.md');
        if (existsSync(readme)) writeFileSync(readme, withSiteSection(readFileSync(readme, 'utf8'), site));
      }
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
      stamped.push({ file: `${folder}/${child}/package.json`, name: String(manifest.name) });
    }
  }
  return stamped;
}

function main(): number {
  const url = repositoryUrl(process.env);
  if (url === null) {
    process.stderr.write(
      'stamp-repository: GITHUB_SERVER_URL and GITHUB_REPOSITORY are not set (this runs in the release workflow)\n',
    );
    return 1;
  }
  const root = resolve(process.argv[2] ?? '.');
  const site = referenceSiteUrl(process.env);
  for (const s of stampRepository(root, url, site))
    process.stdout.write(`repository ${url} -> ${s.name} (${s.file})\n`);
  if (site !== null) process.stdout.write(`reference site ${site} -> the generated packages' homepage and README\n`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main());
