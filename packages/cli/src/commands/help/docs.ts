/** `specgen docs --help`: plain text, so printing it loads nothing else. */
export const DOCS_HELP = `usage: specgen docs [--spec spec/service-api.md] [--out site] [--base-url <url>] [--base <git-ref>]
                    [--all-versions | --newest-only] [--pretty | --no-pretty]

Writes the reference site of the service: static HTML that works from a folder, any static host
and file:// (no build step, no CDN, no request to anything outside it; docs/reference-site.md).
  <out>/index.html                           the newest version
  <out>/<version>/index.html                 sign-in flows, commands, errors, limits, resources as of it
  <out>/<version>/<Area>/<Resource>.html     each field (id = its name), options, examples, names
  <out>/<version>/openapi.json               the OpenAPI document of that version
  <out>/changes.html, <out>/changes.xml      what changed in each version (page, Atom feed)
Every version the spec names is written, unless the spec has more than 200 resources: then only
the newest (the changes page still covers all); --all-versions / --newest-only decide explicitly.
Only changed files are written; site files a run no longer produces are removed, nothing else.
The feed's time is SOURCE_DATE_EPOCH when set (else 1970-01-01), so the output is byte-identical.

options:
  --spec <file>        the markdown spec (default spec/service-api.md)
  --out <dir>          the site folder (default site)
  --base-url <url>     absolute URL the site is published at (the feed's links), e.g.
                       https://acme.github.io/specgen/
  --base <git-ref>     add a first section to the changes page: the unreleased changes since the
                       ref, with the severities of specgen diff
  --all-versions       write every version, also for a large spec
  --newest-only        write only the newest version
  --pretty             diagnostics with source line and caret; --no-pretty: one line each

exit status: 0 written, 1 the spec has errors, 2 bad usage, an unreadable spec or an unknown git ref.

examples:
  pnpm specgen docs --out site && open site/index.html
  pnpm specgen docs --base origin/main --base-url https://acme.github.io/service-api/
  pnpm specgen docs --spec big.md --all-versions --out /tmp/site
`;
