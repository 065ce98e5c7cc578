/**
 * `@specgen/generate-docs`: the reference site of the service, the API as of every service
 * version and what changed in each (`specgen docs`; docs/reference-site.md). Reads the IR, the
 * contract (routes, statuses, availability, the OpenAPI document per version) and the diff
 * package (`--base`); never a runtime package.
 */
export { buildSite, type SiteOptions } from './site.ts';
export { writeDocs, isSiteFile, feedTime, type DocsOptions } from './write.ts';
export { siteVersions, SiteInputError, type SiteVersions } from './model/versions.ts';
export { resourcePage, generatedNames, type ResourcePage, type GeneratedNames } from './model/resource.ts';
export { versionPage, endpointRows, type VersionPage, type EndpointRow } from './model/version.ts';
export { changesByVersion, type VersionChanges } from './model/changes.ts';
export { fieldRows, type FieldRow } from './model/fields.ts';
export { sitePaths, relativeLink } from './model/paths.ts';
export { exampleAnswer, exampleCurl } from './model/example.ts';
export { unreleasedChanges, type Unreleased } from './model/unreleased.ts';
export { GitReadError } from '@specgen/diff';
