/**
 * Where diagnostics link to when the workspace has no docs/diagnostics.md: the published repository's
 * page, from the `repository` field the release script writes into every published package.json
 * (tools/release/stamp-repository.ts). Null in a checkout without it: the diagnostics carry no link.
 */
import { readFileSync } from 'node:fs';

export function packageDocsUrl(): string | null {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      repository?: { url?: string } | string;
    };
    const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    const web = url?.replace(/^git\+/, '').replace(/\.git$/, '');
    return web?.startsWith('https://') ? `${web}/blob/HEAD/docs/diagnostics.md` : null;
  } catch {
    return null;
  }
}
