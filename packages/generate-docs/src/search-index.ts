/**
 * The prebuilt search index of one version: every resource, field, sign-in route and error, as a
 * script that sets `window.SPECGEN_SEARCH` (a script, not a JSON file: a page opened from file://
 * may load scripts but not fetch files). Each entry: kind, label, detail, page path from the root.
 */
import { sitePaths } from './model/paths.ts';
import type { ResourcePage } from './model/resource.ts';
import type { VersionPage } from './model/version.ts';
import { slug } from './render/html.ts';

export interface SearchEntry {
  /** resource, field, route or error. */
  k: 'resource' | 'field' | 'route' | 'error';
  /** What is searched and shown, e.g. `ProductRecords.PartRevisionId`. */
  t: string;
  /** A short detail shown beside it, e.g. the type. */
  d: string;
  /** The page (and fragment) from the site root. */
  u: string;
}

export function searchEntries(
  version: VersionPage,
  resources: ResourcePage[],
  resourcePath: (name: string) => string,
): SearchEntry[] {
  const index = sitePaths.versionIndex(version.version);
  const out: SearchEntry[] = [];
  for (const r of resources) {
    const path = resourcePath(r.name);
    out.push({ k: 'resource', t: r.name, d: `${r.area} resource`, u: path });
    for (const f of r.fields)
      out.push({
        k: 'field',
        t: `${r.name}.${f.name}`,
        d: f.obsolete ? `${f.type}, obsolete` : f.type,
        u: `${path}#${f.name}`,
      });
  }
  for (const e of version.endpoints)
    out.push({ k: 'route', t: e.operationId, d: `${e.method} ${e.path}`, u: `${index}#route-${e.operationId}` });
  for (const t of version.errors) {
    for (const c of t.cases)
      out.push({
        k: 'error',
        t: `${c.status} ${c.body ?? ''}`.trim(),
        d: t.title,
        u: `${index}#errors-${slug(t.title)}`,
      });
  }
  return out;
}

export function searchIndexScript(entries: SearchEntry[]): string {
  // one entry per line: readable diffs of the site between builds
  return `window.SPECGEN_SEARCH = [\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n];\n`;
}
