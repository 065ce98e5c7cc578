/**
 * IR -> `@service-api/server` (generated/server): the IR snapshot, the route table and the
 * request JSON schemas (both from @specgen/contract, which the runtime reads too), and
 * `src/main.ts`, which starts the runtime server with them (embedded SQLite store by default,
 * port 8001). Runs with tsx; no build step.
 */
import type { GenerateContext, GeneratedFile, Generator } from '@specgen/generate-core';
import { generatedHeader, GENERATED_MARKER, normalize } from '@specgen/generate-core';
import { routes as contractRoutes, signInSchemas } from '@specgen/contract';
import { irJsonText, sortKeys } from './ir-json.ts';

export const TARGET = 'server';
export const PACKAGE_NAME = '@service-api/server';

export const generator: Generator = {
  target: TARGET,
  packageName: PACKAGE_NAME,
  generate: generateServer,
};

function marker(specFile: string): string {
  return generatedHeader(specFile).replace(/^\/\/ /, '').trim();
}

/** JSON with the generated marker in its `"//"` field, keys sorted, LF, final newline. */
function json(specFile: string, value: object): string {
  return normalize(JSON.stringify({ '//': marker(specFile), ...(sortKeys(value) as object) }, null, 2));
}

export function generateServer(ctx: GenerateContext): GeneratedFile[] {
  const { spec, templates, options } = ctx;
  const version = options.serviceVersion ?? spec.newestVersion;
  const render = (name: string, data: object) => templates.render(TARGET, name, data);
  const routes = contractRoutes(spec, version);
  const rows = routes.map((r) => ({ ...r, url: r.path, anonymous: r.access === 'anonymous' || r.access === 'optional-session' }));
  const data = { packageName: PACKAGE_NAME, packageVersion: options.packageVersion, title: spec.title, serviceVersion: version, routes: rows, specFile: options.specFile };
  const packageJson = JSON.parse(render('package.json', { ...data, header: marker(options.specFile) })) as object;
  return [
    { path: `${TARGET}/package.json`, contents: normalize(JSON.stringify(packageJson, null, 2)) },
    { path: `${TARGET}/tsconfig.json`, contents: normalize(generatedHeader(options.specFile) + render('tsconfig.json', data)) },
    { path: `${TARGET}/README.md`, contents: normalize(`<!-- ${marker(options.specFile)} -->\n\n${render('README.md', data)}`) },
    { path: `${TARGET}/src/main.ts`, contents: normalize(generatedHeader(options.specFile) + render('main.ts', data)) },
    { path: `${TARGET}/ir.json`, contents: normalize(irJsonText(marker(options.specFile), spec)) },
    { path: `${TARGET}/schemas/routes.json`, contents: json(options.specFile, { serviceVersion: version, routes }) },
    { path: `${TARGET}/schemas/sign-in.json`, contents: json(options.specFile, signInSchemas(spec)) },
  ].sort((a, b) => a.path.localeCompare(b.path));
}

export { GENERATED_MARKER };
