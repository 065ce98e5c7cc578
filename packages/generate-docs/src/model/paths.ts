/**
 * Where each page lives in the site, relative to its root, and relative links between pages, so
 * the site works from any folder of a static host and from the file system (no absolute links).
 */
import type { Resource } from '@specgen/ir';

/** `Inventory` for a resource of that area, `Common` for one without. */
export function areaOf(resource: Resource): string {
  return resource.area ?? 'Common';
}

/** A name as one path segment: letters, digits, `_`, `-` and `.` kept, anything else (`/`, `..`, spaces) as `-`. */
export function pathSegment(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_.-]/g, '-');
  return /^\.+$/.test(safe) ? '-' : safe;
}

export const sitePaths = {
  home: 'index.html',
  changes: 'changes.html',
  feed: 'changes.xml',
  versionIndex: (version: string) => `${version}/index.html`,
  openapi: (version: string) => `${version}/openapi.json`,
  searchIndex: (version: string) => `${version}/search-index.js`,
  resource: (version: string, resource: Resource) =>
    `${version}/${pathSegment(areaOf(resource))}/${pathSegment(resource.name)}.html`,
  versionAnchor: (version: string) => `v-${version}`,
  css: 'assets/site.css',
  script: 'assets/site.js',
} as const;

/** A link from the page at `from` to the page at `to` (both relative to the site root). */
export function relativeLink(from: string, to: string): string {
  const depth = from.split('/').length - 1;
  return `${'../'.repeat(depth)}${to}`;
}
