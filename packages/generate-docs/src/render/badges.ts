/** "Available since" badges: each links to the version's section of the changes page. */
import { relativeLink, sitePaths } from '../model/paths.ts';
import { esc } from './html.ts';

export function sinceBadge(pagePath: string, since: string | null): string {
  if (since === null) return '<span class="badge always">always</span>';
  const href = `${relativeLink(pagePath, sitePaths.changes)}#${sitePaths.versionAnchor(since)}`;
  return `<a class="badge since" href="${esc(href)}" aria-label="available since ${esc(since)}: what changed in ${esc(since)}">since ${esc(since)}</a>`;
}

export function obsoleteBadge(pagePath: string, since: string): string {
  const href = `${relativeLink(pagePath, sitePaths.changes)}#${sitePaths.versionAnchor(since)}`;
  return `<a class="badge obsolete" href="${esc(href)}" aria-label="obsolete since ${esc(since)}: what changed in ${esc(since)}">obsolete since ${esc(since)}</a>`;
}
