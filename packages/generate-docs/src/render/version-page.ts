/** The index of one service version (model/version.ts): resources, sign-in and commands, structures, errors, limits. */
import { relativeLink } from '../model/paths.ts';
import type { VersionPage } from '../model/version.ts';
import { sinceBadge } from './badges.ts';
import { esc, prose, slug, table } from './html.ts';

export interface VersionLinks {
  /** Site path of a resource's page at this version. */
  resource(name: string): string;
}

function resources(pagePath: string, page: VersionPage, links: VersionLinks): string {
  const rows = page.resources.map((r) => [
    `<a href="${esc(relativeLink(pagePath, links.resource(r.name)))}">${esc(r.name)}</a>`,
    esc(r.area),
    prose(r.description),
    esc(r.permission ?? '-'),
    String(r.fieldCount),
    sinceBadge(pagePath, r.introduced),
  ]);
  return table(
    `Read resources at ${esc(page.version)} (${page.resources.length})`,
    ['Resource', 'Area', 'Description', 'Permission', 'Fields', 'Available'],
    rows,
  );
}

/** What `access` means for a caller. */
const ACCESS: Record<string, string> = {
  anonymous: 'no session needed',
  'optional-session': 'a session, or the MfaToken of the sign-in in progress',
  session: 'a session',
  permission: 'a session with the permission',
};

/** One section per route: method and path, operation, access, availability, and every status it answers. */
function endpoints(pagePath: string, page: VersionPage): string {
  return page.endpoints
    .map((e) => {
      const rows = e.statuses.map((s) => [`<code>${esc(s.status)}</code>`, esc(s.description)]);
      return [
        `<h3 id="route-${esc(e.operationId)}"><code>${esc(e.method)} ${esc(e.path)}</code></h3>`,
        `<p>Operation <code>${esc(e.operationId)}</code>; ${esc(ACCESS[e.access] ?? e.access)}; ${sinceBadge(pagePath, e.since)}</p>`,
        table(`Answers of ${esc(e.operationId)}`, ['Status', 'When'], rows),
      ].join('\n');
    })
    .join('\n');
}

function structures(pagePath: string, page: VersionPage): string {
  return page.structures
    .map((s) => {
      const rows = s.fields.map((f) => [
        `<code>${esc(f.name)}</code>`,
        `<code>${esc(f.type)}</code>`,
        sinceBadge(pagePath, f.since),
        prose(f.notes),
      ]);
      const remarks = s.remarks.map((r) => `<p>${prose(r)}</p>`).join('');
      return `<h3 id="structure-${esc(slug(s.name))}">${esc(s.label)} (<code>${esc(s.name)}</code>)</h3>\n<p>${prose(s.description)}</p>\n${table(`Fields of ${esc(s.name)}`, ['Field', 'Type', 'Available', 'Notes'], rows)}${remarks}`;
    })
    .join('\n');
}

function errors(page: VersionPage): string {
  return page.errors
    .map((t) => {
      const rows = t.cases.map((c) => [
        `<code>${c.status}</code>`,
        c.body === null ? '-' : `<code>${esc(c.body)}</code>`,
        prose(c.condition),
      ]);
      const remarks = t.remarks.map((r) => `<p>${prose(r)}</p>`).join('');
      return `<h3 id="errors-${esc(slug(t.title))}">${esc(t.title)}</h3>\n${table(`Errors of ${esc(t.title)}`, ['Status', 'Body', 'When'], rows)}${remarks}`;
    })
    .join('\n');
}

function limits(page: VersionPage): string {
  const rows = page.limits.map((l) => [esc(l.name), esc(l.valueText), prose(l.appliesTo)]);
  return table('Limits', ['Limit', 'Value', 'Applies to'], rows);
}

export function versionBody(pagePath: string, page: VersionPage, links: VersionLinks): string {
  return [
    `<h1>${esc(page.title)} <span class="version-tag">at ${esc(page.version)}</span></h1>`,
    `<p>What the service offers at version ${esc(page.version)}: its read resources, sign-in flows, commands, errors and limits. Pick another version above; what changed in each is on the changes page.</p>`,
    '<h2 id="section-resources">Read resources</h2>',
    resources(pagePath, page, links),
    '<h2 id="section-sign-in">Sign-in flows and commands</h2>',
    endpoints(pagePath, page),
    '<h2 id="section-structures">Sign-in structures</h2>',
    structures(pagePath, page),
    '<h2 id="section-errors">Errors</h2>',
    errors(page),
    '<h2 id="section-limits">Limits</h2>',
    limits(page),
  ].join('\n');
}
