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
import {
  buildDocument,
  referencedComponents,
  routes as contractRoutes,
  routeSchemas,
  signInSchemas,
  type JsonSchema,
  type RouteContract,
  type RouteSchemaSet,
} from '@specgen/contract';
import type { GenerateContext, GeneratedFile, Generator } from '@specgen/generate-core';
import { chunkedFile, endsNormalized, generatedHeader, GENERATED_MARKER, normalize, packageNameOf, packageRangeOf } from '@specgen/generate-core';
import { handlerGroups } from './handler-groups.ts';
import { irJsonChunks } from './ir-json.ts';
import { routeModules } from './model.ts';
import { createLiteralTable, sharedLiterals, type SharedLiterals } from './shared-literals.ts';

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

function marker(specFile: string): string {
  return generatedHeader(specFile).replace(/^\/\/ /, '').trim();
}

/** The component names a schema refers to, in order, kept for frozen schemas (the contract's parts). */
const refsOf = new WeakMap<object, string[]>();

function componentRefs(schema: JsonSchema): string[] {
  let refs = refsOf.get(schema);
  if (refs === undefined) {
    refs = [...JSON.stringify(schema).matchAll(/"#\/components\/schemas\/([^"/]+)/g)].map((m) => m[1]!);
    if (Object.isFrozen(schema)) refsOf.set(schema, refs);
  }
  return refs;
}

/** `localeCompare` without arguments, as a collator made once (the same order, without a lookup per call). */
const byName = new Intl.Collator().compare;

/** The component schemas `names` refer to, and the ones those refer to, sorted by name. */
function componentClosure(all: Record<string, JsonSchema>, names: string[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const queue = [...names];
  // An index, not queue.shift(): the queue holds every $ref found (tens of thousands on a large spec).
  for (let next = 0; next < queue.length; next++) {
    const name = queue[next]!;
    if (out[name] || !all[name]) continue;
    out[name] = all[name];
    for (const ref of componentRefs(all[name])) queue.push(ref);
  }
  return Object.fromEntries(sortedNames(Object.keys(out)).map((name) => [name, out[name]!]));
}

/** The last names sorted and their order (a watch edit seldom adds or removes a component). */
let lastNames: string[] = [];
let lastSorted: string[] = [];

function sortedNames(names: string[]): string[] {
  if (names.length !== lastNames.length || names.some((n, i) => n !== lastNames[i])) {
    lastNames = names;
    lastSorted = [...names].sort(byName);
  }
  return lastSorted;
}

/**
 * Between runs: the literal table of `schemas.ts` (shared-literals.ts) and each read route's schema
 * set, by the route object (the contract keeps a resource's routes while the resource's IR object
 * is the same). A route with a request payload is not kept: its schema is the run's payload.
 */
const literalTable = createLiteralTable();
const routeSchemaMemo = new WeakMap<RouteContract, RouteSchemaSet>();

function schemasOfRoute(route: RouteContract, payloads: Record<string, JsonSchema>): RouteSchemaSet {
  if (route.body?.payload) return routeSchemas(route, payloads);
  let set = routeSchemaMemo.get(route);
  if (set === undefined) routeSchemaMemo.set(route, (set = deepFreeze(routeSchemas(route, payloads))));
  return set;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The data of schemas.ts cut to a few rows (one of each shape of expression), two constants and a small `components`. */
function schemasSample(rows: { operationId: string; schemas: string }[], shared: SharedLiterals): object {
  const picked = [rows[0], rows.find((r) => /^s\d+$/.test(r.schemas)), rows.find((r) => r.schemas.includes('\n')), rows.find((r) => r.schemas.startsWith('{') && !r.schemas.includes('\n')), rows.at(-1)];
  const component = { Sample: { type: 'object', properties: { Id: { type: 'string' } }, required: ['Id'] } };
  return {
    schemaRows: [...new Set(picked.filter((r) => r !== undefined))],
    sharedSchemas: shared.firstDeclarations(2),
    components: sharedLiterals([component]).expression(component, 0),
  };
}

export function generateServer(ctx: GenerateContext): GeneratedFile[] {
  const { spec, templates, options } = ctx;
  const version = options.serviceVersion ?? spec.newestVersion;
  const header = generatedHeader(options.specFile);
  const render = (name: string, data: object) => templates.render(TARGET, name, data);
  const routes = contractRoutes(spec, version);
  const payloads = signInSchemas(spec) as unknown as Record<string, JsonSchema>;
  const modules = routeModules(spec, routes);
  const { groups, typeImports } = handlerGroups(spec, routes, version, payloads);
  // Shared with the openapi target of the same run (one document per run and version).
  const build = () => buildDocument(spec, { serviceVersion: version });
  const document = ctx.shared ? ctx.shared.get(`openapi-document@${version}`, build) : build();
  const allComponents = ((document['components'] as JsonSchema | undefined)?.['schemas'] ?? {}) as Record<string, JsonSchema>;
  const routeSchemaSets = routes.map((r) => schemasOfRoute(r, payloads));
  const componentSchemas = componentClosure(allComponents, referencedComponents(routes));
  // Repeated schemas (error messages, record and page schemas) are written once, as constants.
  const shared = literalTable.literals([...routeSchemaSets, componentSchemas]);
  const schemaRows = routes.map((r, i) => ({ operationId: r.operationId, schemas: shared.expression(routeSchemaSets[i], 2) }));
  // Most of schemas.ts (7 of 8 MB on the large spec): kept as fragments, see schemasTs.
  const components = shared.expressionChunks(componentSchemas, 0);
  const sharedSchemas = shared.declarations;
  const data = {
    packageName: packageNameOf(options, TARGET),
    packageVersion: options.packageVersion,
    typesPackage: packageNameOf(options, 'types'),
    typesRange: packageRangeOf(options, 'types'),
    runtimeRange: RUNTIME_RANGE,
    title: spec.title,
    serviceVersion: version,
    specFile: options.specFile,
    header: marker(options.specFile),
    modules,
    routes: modules.flatMap((m) => m.routes),
    groups,
    typeImports,
    schemaRows,
    sharedSchemas,
  };
  const ts = (path: string, template: string, extra: object = {}) => ({ path: `${TARGET}/${path}`, contents: normalize(header + render(template, { ...data, ...extra })) });
  // schemas.ts (8 MB on the large spec) is checked as its template rendered with a sample of the
  // rows and constants: the literals are valid expressions by construction (shared-literals.ts),
  // so only the template can break the file, and the sample parses exactly when the file does.
  // (Object.assign, not a spread: a spread would read, and so join, the fragments' `contents`.)
  const schemasFile: GeneratedFile = Object.assign(schemasTs(components, (extra) => ts('src/schemas.ts', 'schemas.ts', extra)), {
    syntaxProxy: ts('src/schemas.ts', 'schemas.ts', schemasSample(schemaRows, shared)).contents,
  });
  const packageJson = JSON.parse(render('package.json', data)) as object;
  return [
    { path: `${TARGET}/package.json`, contents: normalize(JSON.stringify(packageJson, null, 2)) },
    ts('tsconfig.json', 'tsconfig.json'),
    { path: `${TARGET}/README.md`, contents: normalize(`<!-- ${marker(options.specFile)} -->\n\n${render('README.md', data)}`) },
    // Compact JSON (the marker included) holds no raw CR and no trailing blank: not scanned again.
    // Its fragments are the memo's element lines: watch mode patches what an edit changed.
    chunkedFile(`${TARGET}/ir.json`, irJsonChunks(marker(options.specFile), spec)),
    ts('src/main.ts', 'main.ts'),
    ts('src/service.ts', 'service.ts'),
    ts('src/index.ts', 'index.ts'),
    ts('src/server.ts', 'server.ts'),
    ts('src/handlers.ts', 'handlers.ts'),
    schemasFile,
    ts('src/routes/index.ts', 'routes/index.ts'),
    ...modules.map((m) => ts(`src/routes/${m.file}.ts`, 'routes/area.ts', { module: m })),
  ].sort((a, b) => a.path.localeCompare(b.path));
}

/** Stands for `components` in the rendered template; the fragments go where it is. */
const COMPONENTS_SLOT = '__specgen_server_components_slot__';

/**
 * schemas.ts as fragments (generate-core chunks.ts): the file rendered (header, normalized) with a
 * slot for `components`, cut at the slot around the components' fragments (shared-literals.ts),
 * which are the literal table's kept texts: a watch edit changes a few of them, and the 7 MB object
 * is not joined, normalized or compared whole. Normalizing the text with the slot gives the same
 * bytes around it as normalizing the whole: the components' JSON texts hold no raw CR and end with
 * `}` or `]`. `whole` renders the file as one text with `components` joined, for a template that
 * does not hold the slot exactly once (an override that leaves it out, or a spec string equal to it).
 */
function schemasTs(components: string[], whole: (extra: object) => GeneratedFile): GeneratedFile {
  const rendered = whole({ components: COMPONENTS_SLOT });
  const around = rendered.contents.split(COMPONENTS_SLOT);
  const chunks = [around[0]!, ...components, around[1]!];
  if (around.length !== 2 || !endsNormalized(chunks)) return whole({ components: components.join('') });
  return chunkedFile(rendered.path, chunks);
}

export { GENERATED_MARKER };
