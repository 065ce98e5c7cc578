/** `changes.html`: the unreleased changes against `--base` (if given), then every version, newest first. */
import type { VersionChanges } from '../model/changes.ts';
import { sitePaths } from '../model/paths.ts';
import type { Unreleased } from '../model/unreleased.ts';
import { changeListHtml, type ChangeLinks } from './change-list.ts';
import { esc, table } from './html.ts';

function unreleasedSection(u: Unreleased): string {
  const summary = `${u.changes.length} change(s): ${u.counts.breaking} breaking, ${u.counts.warning} warning, ${u.counts.info} info.`;
  const rows = u.changes.map((c) => [
    `<span class="severity ${esc(c.severity)}">${esc(c.severity)}</span>`,
    `<code>${esc(c.rule)}</code>`,
    esc([c.resource, c.field].filter(Boolean).join('.') || '-'),
    esc(c.message),
  ]);
  const body =
    u.changes.length > 0
      ? table(`Changes since ${esc(u.base)}`, ['Severity', 'Rule', 'Subject', 'Change'], rows)
      : '<p>No change.</p>';
  return `<section aria-labelledby="unreleased"><h2 id="unreleased">Unreleased: changes since <code>${esc(u.base)}</code></h2>\n<p>${summary} Severities as <code>specgen diff</code> judges them for a consumer.</p>\n${body}</section>`;
}

export interface LinkedChanges {
  changes: VersionChanges;
  links: ChangeLinks;
}

export function changesBody(sections: LinkedChanges[], unreleased: Unreleased | null): string {
  const versions = sections.map(
    ({ changes: c, links }) =>
      `<section aria-labelledby="${esc(sitePaths.versionAnchor(c.version))}"><h2 id="${esc(sitePaths.versionAnchor(c.version))}">Version ${esc(c.version)}</h2>\n${changeListHtml(c, links)}</section>`,
  );
  return [
    '<h1>Changes by service version</h1>',
    '<p>What appeared and what became obsolete in each service version, newest first. Subscribe with the <a href="changes.xml">Atom feed</a>.</p>',
    unreleased ? unreleasedSection(unreleased) : '',
    ...versions,
  ]
    .filter(Boolean)
    .join('\n');
}
