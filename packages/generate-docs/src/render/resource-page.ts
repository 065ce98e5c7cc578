/** The page of one read resource at one version (model/resource.ts): fields with ids, options, examples, names. */
import type { FieldRow } from '../model/fields.ts';
import type { ResourcePage } from '../model/resource.ts';
import { obsoleteBadge, sinceBadge } from './badges.ts';
import { esc, prose, table } from './html.ts';

function enumerationText(field: FieldRow): string {
  if (!field.enumeration) return '';
  const values = field.enumeration.values.map((v) => `<li><code>${v.value}</code> ${esc(v.name)}</li>`).join('');
  return `<p>${field.enumeration.bitmask ? 'Bitmask (flags combine):' : 'Values:'}</p><ul class="enum">${values}</ul>`;
}

function fieldRowHtml(pagePath: string, f: FieldRow): string {
  const badges = [sinceBadge(pagePath, f.since), f.obsolete ? obsoleteBadge(pagePath, f.obsolete.since) : ''].join(' ');
  const replaced = f.obsolete?.replacedBy
    ? `<p class="replaced">Replaced by <a href="#${esc(f.obsolete.replacedBy)}">${esc(f.obsolete.replacedBy)}</a>.</p>`
    : '';
  const facts = [
    f.nullable ? 'nullable' : 'not null',
    f.expandable ? 'expandable (<code>$expand</code>; null otherwise)' : '',
    f.references ? `references ${esc(f.references)}` : '',
    f.maxLength !== null ? `at most ${f.maxLength} characters` : '',
  ].filter(Boolean);
  const cls = f.obsolete ? ' class="obsolete"' : '';
  return [
    `<tr id="${esc(f.name)}"${cls}>`,
    `<th scope="row"><a class="field-link" href="#${esc(f.name)}">${esc(f.name)}</a></th>`,
    `<td><code>${esc(f.type)}</code><br><span class="facts">${facts.join(', ')}</span></td>`,
    `<td>${badges}</td>`,
    `<td>${replaced}${prose(f.notes)}${enumerationText(f)}</td>`,
    '</tr>',
  ].join('');
}

function fieldsTable(pagePath: string, page: ResourcePage): string {
  const rows = page.fields.map((f) => fieldRowHtml(pagePath, f)).join('\n');
  return `<div class="scroll" tabindex="0"><table class="fields">
<caption>Fields of ${esc(page.name)} at version ${esc(page.version)} (${page.fields.length})</caption>
<thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Availability</th><th scope="col">Notes</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`;
}

function facts(pagePath: string, page: ResourcePage): string {
  const rows: Array<[string, string]> = [
    ['Area', esc(page.area)],
    ['Available', sinceBadge(pagePath, page.introduced)],
    ['Permission', page.permission ? esc(page.permission) : 'a session (no permission named)'],
    ['List', `<code>GET ${esc(page.collectionPath)}</code>`],
    ['One record', `<code>GET ${esc(page.recordPath)}</code>`],
  ];
  if (page.typeGuid) rows.push(['Type GUID', `<code>${esc(page.typeGuid)}</code>`]);
  return `<dl class="facts-list">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

function queryOptions(page: ResourcePage): string {
  if (!page.queryable) return '<p>This resource is not queryable.</p>';
  const list = (options: readonly string[]) => options.map((o) => `<code>${esc(o)}</code>`).join(', ');
  return [
    `<p>A list read takes ${list(page.queryOptions.collection)}; a single-record read takes ${list(page.queryOptions.single)}.</p>`,
    `<p><code>$filter</code>: ${prose(page.queryOptions.filter)}</p>`,
    '<p>The answer is a bare JSON array of records. Every option with its syntax is in the OpenAPI document of this version.</p>',
  ].join('\n');
}

function generatedNames(page: ResourcePage): string {
  const n = page.names;
  return table(
    'Names in the generated packages',
    ['Package', 'Name'],
    [
      [
        '<code>@service-api/types</code>',
        `<code>${esc(n.type)}</code>, <code>${esc(n.versionView)}&lt;'${esc(page.version)}'&gt;</code>`,
      ],
      ['<code>@service-api/validators</code>', `<code>${esc(n.schema)}</code> (zod)`],
      ['<code>@service-api/client</code>', `<code>${esc(n.listOperation)}</code>, <code>${esc(n.getOperation)}</code>`],
    ],
  );
}

export function resourceBody(pagePath: string, page: ResourcePage): string {
  return [
    `<h1>${esc(page.name)} <span class="version-tag">at ${esc(page.version)}</span></h1>`,
    `<p>${prose(page.description)}</p>`,
    facts(pagePath, page),
    '<h2 id="section-fields">Fields</h2>',
    fieldsTable(pagePath, page),
    '<h2 id="section-query">Query options</h2>',
    queryOptions(page),
    '<h2 id="section-request">Example request</h2>',
    page.curl
      ? `<pre tabindex="0"><code>${esc(page.curl)}</code></pre>`
      : '<p>None: the resource is not queryable.</p>',
    '<h2 id="section-answer">Example answer</h2>',
    "<p>Records 1 and 2 of the sandbox's seed data (<code>pnpm service data seed</code>) with the fields of this version; Int64 values are JSON strings.</p>",
    `<pre tabindex="0"><code>${esc(page.example)}</code></pre>`,
    '<h2 id="section-names">Generated code</h2>',
    generatedNames(page),
  ].join('\n');
}
