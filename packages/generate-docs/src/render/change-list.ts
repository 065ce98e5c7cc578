/**
 * The changes of one version as HTML lists, shared by the changes page and the Atom feed (which
 * carries the same HTML as its entries' content, with absolute links when a base URL is given).
 */
import type { VersionChanges } from '../model/changes.ts';
import { esc } from './html.ts';

export interface ChangeLinks {
  /** A link to a resource page (with an optional field anchor), as the page or feed writes it. */
  resource(name: string, field?: string): string;
}

function section(heading: string, level: number, items: string[]): string {
  if (items.length === 0) return '';
  return `<h${level}>${heading}</h${level}>\n<ul>\n${items.map((i) => `<li>${i}</li>`).join('\n')}\n</ul>`;
}

export function changeListHtml(c: VersionChanges, links: ChangeLinks, level = 3): string {
  const a = (href: string, text: string) => `<a href="${esc(href)}">${text}</a>`;
  const parts = [
    section(
      'Resources that appeared',
      level,
      c.resourcesAdded.map((r) => `${a(links.resource(r.name), esc(r.name))} (${esc(r.area)})`),
    ),
    section(
      'Fields that appeared',
      level,
      c.fieldsAdded.map(
        (f) =>
          `${a(links.resource(f.resource, f.field), `${esc(f.resource)}.${esc(f.field)}`)} <code>${esc(f.type)}</code>`,
      ),
    ),
    section(
      'Fields that became obsolete',
      level,
      c.fieldsObsolete.map((f) => {
        const by = f.replacedBy
          ? `, replaced by ${a(links.resource(f.resource, f.replacedBy), esc(f.replacedBy))}`
          : '';
        return `${a(links.resource(f.resource, f.field), `${esc(f.resource)}.${esc(f.field)}`)}${by}`;
      }),
    ),
    section(
      'Endpoints that appeared',
      level,
      c.endpointsAdded.map((e) => {
        const code = `<code>${esc(e.method)} ${esc(e.path)}</code> (<code>${esc(e.operationId)}</code>)`;
        return e.resource ? `${code}, ${a(links.resource(e.resource), esc(e.resource))}` : code;
      }),
    ),
  ].filter(Boolean);
  return parts.length > 0
    ? parts.join('\n')
    : '<p>No resource, field or endpoint appeared or became obsolete in this version.</p>';
}
