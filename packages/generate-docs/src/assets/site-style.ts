/**
 * The site's stylesheet (assets/site.css). Colours meet WCAG AA contrast on their backgrounds
 * (text #1b1b1b on white 17:1, links #0b57d0 7:1, badges >= 7:1); focus is always visible;
 * system fonts only (no request for a web font).
 */
export const SITE_STYLE = `*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; line-height: 1.5; color: #1b1b1b; background: #fff; }
body { margin: 0; }
a { color: #0b57d0; }
a:visited { color: #5a2ca0; }
a:focus-visible, summary:focus-visible, input:focus-visible, [tabindex]:focus-visible { outline: 3px solid #b35900; outline-offset: 2px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
pre { background: #f4f5f7; border: 1px solid #d0d4da; padding: 0.75rem; overflow: auto; max-height: 28rem; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: 0.5rem; }
.skip:focus { left: 0.5rem; z-index: 10; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
header.top { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: flex-start; padding: 0.75rem 1rem; border-bottom: 1px solid #d0d4da; background: #f8f9fb; }
header.top .brand { margin: 0; font-weight: 600; flex: 1 1 100%; }
header.top nav ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; }
.picker { position: relative; }
.picker summary { cursor: pointer; padding: 0.1rem 0.5rem; border: 1px solid #6b7280; border-radius: 4px; background: #fff; }
.picker[open] nav { position: absolute; z-index: 5; background: #fff; border: 1px solid #6b7280; padding: 0.5rem; max-height: 20rem; overflow: auto; }
header.top .picker nav ul { display: grid; grid-template-columns: repeat(5, 3.5rem); gap: 0.25rem; }
.picker a[aria-current] { font-weight: 700; color: #1b1b1b; }
.search { flex: 1 1 18rem; }
.search label { display: block; font-size: 0.9em; }
.search input { width: 100%; max-width: 28rem; padding: 0.3rem; border: 1px solid #6b7280; border-radius: 4px; font: inherit; }
.search-status { margin: 0.25rem 0 0; font-size: 0.9em; min-height: 1.2em; }
.search-results { margin: 0; padding-left: 1.2rem; }
.search-detail { color: #4b5563; font-size: 0.9em; }
.layout { display: flex; gap: 1.5rem; padding: 0 1rem; }
nav.side { flex: 0 0 14rem; padding-top: 1rem; }
nav.side ul { list-style: none; padding: 0; margin: 0; }
nav.side li { margin: 0.2rem 0; }
nav.side a[aria-current] { font-weight: 700; color: #1b1b1b; }
main { flex: 1 1 auto; min-width: 0; padding-bottom: 2rem; }
main:focus { outline: none; }
footer { border-top: 1px solid #d0d4da; padding: 0.5rem 1rem; font-size: 0.9em; }
.version-tag { font-weight: 400; font-size: 0.6em; color: #374151; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; width: 100%; }
table.fields td:last-child { min-width: 16rem; }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
th, td { border: 1px solid #d0d4da; padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
thead th { background: #eef1f5; }
tr:target { background: #fff7d6; }
tr.obsolete th a { text-decoration: line-through; }
.facts { color: #374151; font-size: 0.9em; }
.facts-list { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
.facts-list dt { font-weight: 600; }
.facts-list dd { margin: 0; }
.badge { display: inline-block; padding: 0 0.4rem; border-radius: 999px; font-size: 0.85em; white-space: nowrap; text-decoration: none; border: 1px solid currentColor; }
.badge.since, .badge.since:visited { color: #0b3d91; background: #e8f0fe; }
.badge.always { color: #374151; background: #f3f4f6; }
.badge.obsolete, .badge.obsolete:visited { color: #8a1c1c; background: #fde8e8; }
.severity { font-weight: 600; }
.severity.breaking { color: #8a1c1c; }
.severity.warning { color: #7a4b00; }
.severity.info { color: #0b3d91; }
ul.enum, ul.statuses { margin: 0.25rem 0; padding-left: 1.2rem; }
@media (max-width: 48rem) { .layout { flex-direction: column; } nav.side { flex: none; } }
`;
