/**
 * The reference site as a file set: for each written version its index, a page per read
 * resource, its OpenAPI document and its search index; the newest version's index as the site's
 * home; the changes page and its Atom feed; the stylesheet and the script. Pure: the same spec
 * and options give the same files, byte for byte; nothing is written here (see write.ts).
 */
import { buildDocument } from '@specgen/contract';
import { normalize, type GeneratedFile } from '@specgen/generate-core';
import { toJson } from '@specgen/generate-openapi';
import { availableAt, type Resource, type Spec } from '@specgen/ir';
import { SITE_SCRIPT } from './assets/site-script.ts';
import { SITE_STYLE } from './assets/site-style.ts';
import { changesByVersion } from './model/changes.ts';
import { relativeLink, sitePaths } from './model/paths.ts';
import { resourcePage, type ResourcePage } from './model/resource.ts';
import type { Unreleased } from './model/unreleased.ts';
import { versionPage } from './model/version.ts';
import { siteVersions, type SiteVersions } from './model/versions.ts';
import { atomFeed } from './render/atom.ts';
import type { ChangeLinks } from './render/change-list.ts';
import { changesBody } from './render/changes-page.ts';
import { renderPage, type PageFrame, type SiteFrame } from './render/layout.ts';
import { resourceBody } from './render/resource-page.ts';
import { versionBody } from './render/version-page.ts';
import { searchEntries, searchIndexScript } from './search-index.ts';

export interface SiteOptions {
  /** The spec as shown on the pages, e.g. `spec/service-api.md`. */
  specFile: string;
  /** Absolute URL the site is published at (for the feed's links), or null. */
  baseUrl: string | null;
  /** Write every version (default), or only the newest. */
  allVersions: boolean;
  /** Changes since a git ref (`--base`), shown first on the changes page. */
  unreleased: Unreleased | null;
  /** RFC 3339 time written into the feed (deterministic: the caller's fixed time). */
  updated: string;
}

/** Above this many resources the side navigation links the version index instead of every resource. */
const SIDE_LIST_LIMIT = 50;

class Site {
  readonly versions: SiteVersions;
  readonly frame: SiteFrame;
  readonly files: GeneratedFile[] = [];

  constructor(
    readonly spec: Spec,
    readonly options: SiteOptions,
  ) {
    this.versions = siteVersions(spec, options.allVersions);
    this.frame = { specTitle: spec.title, specFile: options.specFile, newest: this.versions.newest };
  }

  add(path: string, contents: string): void {
    this.files.push({ path, contents: normalize(contents) });
  }

  resourcesAt(version: string): Resource[] {
    return this.spec.resources.filter((r) => availableAt(r.introduced, version));
  }

  /** The resource's page at `version` if that version is written, else at the newest written one. */
  resourceLink(name: string, version: string): string {
    const resource = this.spec.resources.find((r) => r.name === name);
    if (!resource) return sitePaths.versionIndex(this.versions.newest);
    const at =
      this.versions.written.includes(version) && availableAt(resource.introduced, version)
        ? version
        : this.versions.newest;
    return sitePaths.resource(at, resource);
  }

  frameOf(path: string, version: string, title: string, body: string, pickerPath: (v: string) => string): PageFrame {
    const list = this.resourcesAt(version);
    const resources =
      list.length <= SIDE_LIST_LIMIT
        ? list.map((r) => ({ name: r.name, path: sitePaths.resource(version, r) }))
        : [{ name: `All ${list.length} resources`, path: sitePaths.versionIndex(version) }];
    return {
      path,
      title,
      version,
      picker: this.versions.written.map((v) => ({ version: v, path: pickerPath(v) })),
      resources,
      body,
    };
  }

  writeVersion(version: string): void {
    const page = versionPage(this.spec, version);
    const resources = this.resourcesAt(version);
    const links = { resource: (name: string) => this.resourceLink(name, version) };
    const indexPaths = [sitePaths.versionIndex(version), ...(version === this.versions.newest ? [sitePaths.home] : [])];
    for (const path of indexPaths) {
      const body = versionBody(path, page, links);
      this.add(
        path,
        renderPage(this.frame, this.frameOf(path, version, `Version ${version}`, body, sitePaths.versionIndex)),
      );
    }
    const pages: ResourcePage[] = [];
    for (const resource of resources) {
      const model = resourcePage(this.spec, resource, version) as ResourcePage;
      pages.push(model);
      const path = sitePaths.resource(version, resource);
      const picker = (v: string) =>
        availableAt(resource.introduced, v) ? sitePaths.resource(v, resource) : sitePaths.versionIndex(v);
      this.add(
        path,
        renderPage(
          this.frame,
          this.frameOf(path, version, `${resource.name} at ${version}`, resourceBody(path, model), picker),
        ),
      );
    }
    this.add(
      sitePaths.searchIndex(version),
      searchIndexScript(searchEntries(page, pages, (name) => this.resourceLink(name, version))),
    );
    this.add(sitePaths.openapi(version), toJson(buildDocument(this.spec, { serviceVersion: version })));
  }

  writeChanges(): void {
    const changes = changesByVersion(this.spec, this.versions);
    const path = sitePaths.changes;
    // each version's section links the resource pages of that version (or of the newest written one)
    const linksOf = (version: string, href: (p: string) => string): ChangeLinks => ({
      resource: (name, field) => `${href(this.resourceLink(name, version))}${field ? `#${field}` : ''}`,
    });
    const onPage = changes.map((c) => ({ changes: c, links: linksOf(c.version, (p) => relativeLink(path, p)) }));
    // the picker of the changes page jumps to the version's section on the same page
    const picker = (v: string) => `${sitePaths.changes}#${sitePaths.versionAnchor(v)}`;
    const body = changesBody(onPage, this.options.unreleased);
    this.add(path, renderPage(this.frame, this.frameOf(path, this.versions.newest, 'Changes', body, picker)));
    const inFeed = changes.map((c) => ({
      changes: c,
      links: linksOf(c.version, (p) => `${this.options.baseUrl ?? ''}${p}`),
    }));
    this.add(
      sitePaths.feed,
      atomFeed(inFeed, { title: this.spec.title, baseUrl: this.options.baseUrl, updated: this.options.updated }),
    );
  }
}

/** Every file of the site, paths relative to its root, sorted. */
export function buildSite(spec: Spec, options: SiteOptions): GeneratedFile[] {
  const site = new Site(spec, options);
  for (const version of site.versions.written) site.writeVersion(version);
  site.writeChanges();
  site.add(sitePaths.css, SITE_STYLE);
  site.add(sitePaths.script, SITE_SCRIPT);
  return site.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
