/**
 * The frame of every page: a skip link, the banner with the site's navigation, the version
 * picker, the search box, the resource list of the version, the main content and the footer.
 * Landmarks: banner, navigation (labelled), search, main, contentinfo. Every link is relative,
 * so the site works from a folder, a static host under any path, and file://.
 */
import { relativeLink, sitePaths } from '../model/paths.ts';
import { esc } from './html.ts';

export interface PageFrame {
  /** Path of the page relative to the site root, e.g. `22.6/Inventory/ProductRecords.html`. */
  path: string;
  /** The page's own title (the first part of <title>). */
  title: string;
  /** The version the page describes (the changes page: the newest). */
  version: string;
  /** For each written version, the page that shows the same thing at that version. */
  picker: Array<{ version: string; path: string }>;
  /** The resources of the version, for the side navigation. */
  resources: Array<{ name: string; path: string }>;
  body: string;
}

export interface SiteFrame {
  specTitle: string;
  specFile: string;
  newest: string;
}

function versionPicker(page: PageFrame): string {
  const items = page.picker
    .map(({ version, path }) => {
      const current = version === page.version ? ' aria-current="true"' : '';
      return `<li><a href="${esc(relativeLink(page.path, path))}"${current}>${esc(version)}</a></li>`;
    })
    .join('');
  return `<details class="picker"><summary>Version ${esc(page.version)}<span class="visually-hidden">: choose another version</span></summary><nav aria-label="Versions"><ul>${items}</ul></nav></details>`;
}

function searchBox(): string {
  return [
    '<div role="search" class="search">',
    '<label for="site-search">Search resources, fields and errors</label>',
    '<input id="site-search" type="search" autocomplete="off" aria-describedby="site-search-status" aria-controls="site-search-results">',
    '<p id="site-search-status" class="search-status" role="status" aria-live="polite"></p>',
    '<ul id="site-search-results" class="search-results"></ul>',
    '</div>',
  ].join('\n');
}

export function renderPage(site: SiteFrame, page: PageFrame): string {
  const link = (to: string) => esc(relativeLink(page.path, to));
  const root = relativeLink(page.path, '') || './';
  const side = page.resources.map((r) => {
    const current = r.path === page.path ? ' aria-current="page"' : '';
    return `<li><a href="${link(r.path)}"${current}>${esc(r.name)}</a></li>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="specgen docs">
<link rel="icon" href="data:,">
<title>${esc(page.title)} · ${esc(site.specTitle)}</title>
<link rel="stylesheet" href="${link(sitePaths.css)}">
<link rel="alternate" type="application/atom+xml" title="Changes by service version" href="${link(sitePaths.feed)}">
</head>
<body data-root="${esc(root)}" data-version="${esc(page.version)}">
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<p class="brand"><a href="${link(sitePaths.home)}">${esc(site.specTitle)}</a></p>
<nav aria-label="Site"><ul>
<li><a href="${link(sitePaths.versionIndex(page.version))}">Version ${esc(page.version)}</a></li>
<li><a href="${link(sitePaths.changes)}">Changes</a></li>
<li><a href="${link(sitePaths.openapi(page.version))}">OpenAPI document</a></li>
</ul></nav>
${versionPicker(page)}
${searchBox()}
</header>
<div class="layout">
<nav aria-label="Read resources at ${esc(page.version)}" class="side"><ul>
${side.join('\n')}
</ul></nav>
<main id="main" tabindex="-1">
${page.body}
</main>
</div>
<footer><p>Built with <code>specgen docs</code> from <code>${esc(site.specFile)}</code> (newest service version ${esc(site.newest)}). <a href="${link(sitePaths.feed)}">Atom feed of the changes</a>.</p></footer>
<script src="${link(sitePaths.searchIndex(page.version))}"></script>
<script src="${link(sitePaths.script)}"></script>
</body>
</html>
`;
}
