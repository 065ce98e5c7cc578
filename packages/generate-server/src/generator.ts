/**
 * IR -> `@service-api/server` (generated/server): a typed server skeleton on the runtime.
 *
 *   src/routes/<area>.ts  one module per area: every route of the contract at the generated
 *                         version (method, path, schemas, access, version) calling its handler
 *   src/handlers.ts       the `Handlers` interface (typed with @service-api/types) and the defaults
 *   src/schemas.ts        request/response JSON Schemas of every route, from the contract
 *   src/server.ts         createServiceServer({ handlers }) and runServiceServer()
 *   src/main.ts           starts the server from the environment
 *   src/service.ts        `npm run service -- users|data ...` on the shipped IR
 *   ir.json               the IR snapshot the runtime serves
 * The package compiles to dist/ with tsc; `npm start` runs plain node (docs/operating.md, Deploy).
 */
import { createRequire } from 'node:module';
import { buildDocument, routes as contractRoutes, signInSchemas, type JsonSchema } from '@specgen/contract';
import type { GenerateContext, GeneratedFile, Generator, TemplateEngine } from '@specgen/generate-core';
import {
  chunkedFile,
  GENERATED_MARKER,
  headerText,
  packageNameOf,
  packageRangeOf,
  TYPESCRIPT_RANGE,
  withHeader,
  writeStaged,
} from '@specgen/generate-core';
import { componentClosure, componentClosureVisiting, routesComponents } from './component-closure.ts';
import { handlerGroups } from './handler-groups.ts';
import { irJsonChunks, irJsonInto } from './ir-json.ts';
import { type HandlerGroup, routeModules } from './model.ts';
import { literalTable, SLOTS, schemasOfRoute, schemasSample, schemasTs } from './schemas-file.ts';
import { createLiteralTable } from './shared-literals.ts';

export const TARGET = 'server';
export const PACKAGE_NAME = '@service-api/server';

/**
 * The @specgen packages are released together under one version, so the server depends on
 * `^` this generator's own version of @specgen/ir and @specgen/runtime-server.
 */
const RUNTIME_RANGE = `^${(createRequire(import.meta.url)('../package.json') as { version: string }).version}`;

export const generator: Generator = {
  target: TARGET,
  packageName: PACKAGE_NAME,
  generate: generateServer,
};

/**
 * `ir.json`. Compact JSON (the marker included) holds no raw CR and no trailing blank: not scanned
 * again. Its fragments are the memo's element lines: watch mode patches what an edit changed. A
 * one-shot run into a new folder writes it as it is made (GenerateContext.stageFile: 11 MB on the
 * 600-resource spec that would otherwise live, as 24,000 fragments, until the target is written).
 */
function irJsonFile(ctx: GenerateContext): GeneratedFile {
  const path = `${TARGET}/ir.json`;
  const marker = headerText(ctx.options.specFile);
  if (!ctx.oneShot || !ctx.stageFile) return chunkedFile(path, irJsonChunks(marker, ctx.spec, !ctx.oneShot));
  return writeStaged(ctx.stageFile, { ir: path }, ({ ir }) => irJsonInto(ir, marker, ctx.spec, false)).ir.file;
}

export function generateServer(ctx: GenerateContext): GeneratedFile[] {
  const { spec, templates, options } = ctx;
  const version = options.serviceVersion ?? spec.newestVersion;
  const render = (name: string, data: object) => templates.render(TARGET, name, data);
  const routes = contractRoutes(spec, version);
  const payloads = signInSchemas(spec) as unknown as Record<string, JsonSchema>;
  const modules = routeModules(spec, routes, !ctx.oneShot);
  const { groups, typeImports } = handlerGroups(spec, routes, version, payloads);
  // Shared with the openapi target of the same run (one document per run and version).
  const build = () => buildDocument(spec, { serviceVersion: version, memo: !ctx.oneShot });
  const document = ctx.shared ? ctx.shared.get(`openapi-document@${version}`, build) : build();
  const allComponents = ((document.components as JsonSchema | undefined)?.schemas ?? {}) as Record<string, JsonSchema>;
  const routeSchemaSets = routes.map((r) => schemasOfRoute(r, payloads, !ctx.oneShot));
  // Repeated schemas (error messages, record and page schemas) are written once, as constants.
  // A one-shot run uses a table of its own, garbage once this target is written (the kept one
  // serves watch mode's next run: about 80 MB on the 600-resource spec), which walks each component
  // the closure reaches as it reaches it, and reads its refs on the way.
  const table = ctx.oneShot ? createLiteralTable({ kept: false }) : literalTable;
  const componentSchemas = ctx.oneShot
    ? componentClosureVisiting(allComponents, routesComponents(routes), table.internAhead)
    : componentClosure(allComponents, routesComponents(routes), true);
  const shared = table.literals([...routeSchemaSets, ...componentSchemas.map(([, schema]) => schema)]);
  const schemaRows = routes.map((r, i) => ({
    operationId: r.operationId,
    schemas: shared.expression(routeSchemaSets[i], 2),
  }));
  // Most of schemas.ts (7 of 8 MB on the large spec): kept as fragments, see schemasTs.
  const components = shared.entriesChunks(componentSchemas, 0);
  const data = {
    packageName: packageNameOf(options, TARGET),
    packageVersion: options.packageVersion,
    typesPackage: packageNameOf(options, 'types'),
    typesRange: packageRangeOf(options, 'types'),
    runtimeRange: RUNTIME_RANGE,
    title: spec.title,
    serviceVersion: version,
    specFile: options.specFile,
    // for overrides that still print `"//": {{json header}}` (withHeader sets the field either way)
    header: headerText(options.specFile),
    typescriptVersion: TYPESCRIPT_RANGE,
    modules,
    routes: modules.flatMap((m) => m.routes),
    groups,
    typeImports,
    schemaRows,
  };
  const ts = (path: string, template: string, extra: object = {}) => ({
    path: `${TARGET}/${path}`,
    contents: withHeader(path, options.specFile, render(template, { ...data, ...extra })),
  });
  // What the built-in small templates (package.json, main.ts, server.ts...) read: kept while it is the same.
  const scalars = [
    version,
    options.specFile,
    data.packageName,
    data.packageVersion,
    data.typesPackage,
    data.typesRange,
    RUNTIME_RANGE,
    spec.title,
    TYPESCRIPT_RANGE,
  ];
  const small = (path: string, template: string, key: unknown[] = scalars) =>
    keptFile(templates, path, key, () => ts(path, template));
  const sample = schemasSample(schemaRows, shared);
  // schemas.ts (8 MB on the large spec) is checked as its template rendered with a sample of the
  // rows and constants: the literals are valid expressions by construction (shared-literals.ts),
  // so only the template can break the file, and the sample parses exactly when the file does.
  // (Object.assign, not a spread: a spread would read, and so join, the fragments' `contents`.)
  const schemasFile: GeneratedFile = Object.assign(
    schemasTs(
      shared.declarationList,
      components,
      // The template with slots reads the route rows (kept texts), the version and the spec file.
      () =>
        keptFile(
          templates,
          'src/schemas.ts',
          [version, options.specFile, ...schemaRows.flatMap((r) => [r.operationId, r.schemas])],
          () => ts('src/schemas.ts', 'schemas.ts', SLOTS),
        ),
      (extra) => ts('src/schemas.ts', 'schemas.ts', extra),
    ),
    {
      syntaxProxy: keptFile(
        templates,
        'src/schemas.ts (sample)',
        [version, options.specFile, sample.sharedSchemas, sample.components, ...sample.schemaRows.flatMap(rowTexts)],
        () => ts('src/schemas.ts', 'schemas.ts', sample),
      ).contents,
    },
  );
  return [
    small('package.json', 'package.json'),
    small('tsconfig.json', 'tsconfig.json'),
    keptFile(
      templates,
      'README.md',
      [version, options.specFile, data.packageName, data.typesPackage, spec.title, ...data.routes],
      () => ts('README.md', 'README.md'),
    ),
    irJsonFile(ctx),
    small('scripts/bundle.mjs', 'bundle.mjs'),
    small('src/main.ts', 'main.ts'),
    small('src/service.ts', 'service.ts'),
    small('src/index.ts', 'index.ts'),
    small('src/server.ts', 'server.ts'),
    keptFile(
      templates,
      'src/handlers.ts',
      [version, options.specFile, data.typesPackage, JSON.stringify(typeImports), ...keyOfGroups(groups)],
      () => ts('src/handlers.ts', 'handlers.ts'),
    ),
    schemasFile,
    small('src/routes/index.ts', 'routes/index.ts', [...scalars, ...modules.flatMap((m) => [m.file, m.functionName])]),
    ...modules.map((m) =>
      keptFile(
        templates,
        `src/routes/${m.file}.ts`,
        [version, options.specFile, m.functionName, m.title, ...m.routes],
        () => ts(`src/routes/${m.file}.ts`, 'routes/area.ts', { module: m }),
      ),
    ),
  ].sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Files kept between runs, by template engine (watch mode makes a new one when a template changes),
 * while they would be rendered from the same things (the key's parts compared one by one). Only with
 * the built-in templates (an engine without an override directory): the key lists everything else
 * the built-in template reads (a route module: its title, function name and each row; handlers.ts:
 * the groups' texts and the type imports; README.md: the package names, the title and every row; the
 * small files: the version, names and ranges; the syntax check's sample of schemas.ts: its rows and
 * constants). Rows are compared by identity: model.ts gives one row object per distinct row. A field
 * edit re-renders none of them.
 */
const keptFiles = new WeakMap<TemplateEngine, Map<string, { key: unknown[]; file: GeneratedFile }>>();

function keptFile(templates: TemplateEngine, path: string, key: unknown[], render: () => GeneratedFile): GeneratedFile {
  if (templates.dirs.length !== 1) return render();
  let files = keptFiles.get(templates);
  if (files === undefined) {
    files = new Map();
    keptFiles.set(templates, files);
  }
  const kept = files.get(path);
  if (kept && kept.key.length === key.length && kept.key.every((k, i) => k === key[i])) return { ...kept.file };
  const file = render();
  files.set(path, { key, file: { ...file } });
  return file;
}

/**
 * The groups as key parts: a resource's group by its texts (a field edit makes a new group object
 * with the same texts, and handlers.ts is then kept), a sign-in group by its JSON text.
 */
function keyOfGroups(groups: readonly HandlerGroup[]): unknown[] {
  return groups.flatMap((g) => (g.resourceType === null ? [JSON.stringify(g)] : [g.name, g.doc, g.resourceType]));
}

/** A sample row's texts, as key parts. */
const rowTexts = (row: { operationId: string; schemas: string }) => [row.operationId, row.schemas];

export { GENERATED_MARKER };
