/**
 * `changes.xml`: the changes page as an Atom feed (RFC 4287), one entry per service version,
 * newest first, its content the same HTML as the page. Ids are `urn:uuid:` values derived from
 * the spec's title and the version (stable across builds); `updated` is the build's fixed time
 * (SOURCE_DATE_EPOCH, or the Unix epoch), so the same input gives the same bytes
 * (docs/decisions/reference-site.md).
 */
import { createHash } from 'node:crypto';
import { sitePaths } from '../model/paths.ts';
import { changeListHtml } from './change-list.ts';
import type { LinkedChanges } from './changes-page.ts';
import { esc } from './html.ts';

export interface FeedOptions {
  title: string;
  /** Absolute base URL of the site (ends with /), or null: links then stay relative to the feed. */
  baseUrl: string | null;
  /** RFC 3339 time of the build. */
  updated: string;
}

/** A name-based UUID (the layout of RFC 9562 version 5, from SHA-1) as a URN. */
export function stableUrn(name: string): string {
  const h = createHash('sha1').update(name).digest('hex');
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function atomFeed(sections: LinkedChanges[], options: FeedOptions): string {
  const url = (path: string) => `${options.baseUrl ?? ''}${path}`;
  const entries = sections.map(({ changes: c, links }) =>
    [
      '  <entry>',
      `    <title>Version ${esc(c.version)}</title>`,
      `    <id>${stableUrn(`${options.title}\u0000${c.version}`)}</id>`,
      `    <updated>${options.updated}</updated>`,
      `    <link rel="alternate" type="text/html" href="${esc(url(`${sitePaths.changes}#${sitePaths.versionAnchor(c.version)}`))}"/>`,
      `    <content type="html">${esc(changeListHtml(c, links, 2))}</content>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${esc(options.title)}: changes by service version</title>`,
    `  <id>${stableUrn(`${options.title}\u0000changes`)}</id>`,
    `  <updated>${options.updated}</updated>`,
    '  <author><name>specgen</name></author>',
    '  <generator>specgen docs</generator>',
    `  <link rel="self" type="application/atom+xml" href="${esc(url(sitePaths.feed))}"/>`,
    `  <link rel="alternate" type="text/html" href="${esc(url(sitePaths.changes))}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
