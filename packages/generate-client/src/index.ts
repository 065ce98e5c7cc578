/** `@service-api/client`: a typed fetch-based client of the service, as of a service version. */
import {
  TYPESCRIPT_RANGE,
  packageNameOf,
  packageRangeOf,
  renderFile,
  type GeneratedFile,
  type Generator,
  type TemplateEngine,
} from '@specgen/generate-core';
import { buildClientModel, type EndpointView } from './model.ts';

export {
  buildClientModel,
  type ClientModel,
  type EndpointView,
  type ResourceView,
  type CommandView,
  type DecoderView,
} from './model.ts';

const TARGET = 'client';

/** Files rendered from a template of the same name (`templates/client/<name>.hbs`). */
const SOURCES = [
  'index.ts',
  'client.ts',
  'resources.ts',
  'resource.ts',
  'decode.ts',
  'query.ts',
  'filter.ts',
  'transport.ts',
  'errors.ts',
  'totp.ts',
];

/** `query: { redirectUrl: string }, body: LoginRequest` and the matching implementation parameters. */
function signatures(e: EndpointView): { signature: string; implSignature: string; structureName: string | null } {
  const params: string[] = [];
  const names: string[] = [];
  if (e.query.length > 0) {
    params.push(`query: { ${e.query.map((q) => `${q.name}${q.required ? '' : '?'}: string`).join('; ')} }`);
    names.push('query');
  }
  if (e.bodyType) {
    params.push(`body: WithCode<${e.bodyType}>`);
    names.push('body');
  }
  return {
    signature: params.join(', '),
    implSignature: names.join(', '),
    structureName: e.text || e.resultType === 'unknown' ? null : e.resultType,
  };
}

/**
 * The last run's files per template engine, with everything they were rendered from: a watch edit
 * that changes no view (a field's notes, say) renders nothing. Resource and decoder views are kept
 * per IR object (model.ts), so they are compared by identity; the few other values by value.
 */
const lastRun = new WeakMap<TemplateEngine, { deps: unknown[]; files: GeneratedFile[] }>();

/** Equal entry by entry: the same object, or (for a view made anew from an edited resource) the same JSON. */
function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => x === b[i] || (typeof x === 'object' && JSON.stringify(x) === JSON.stringify(b[i])))
  );
}

export const generator: Generator = {
  target: TARGET,
  packageName: '@service-api/client',
  generate({ spec, templates, options }) {
    const model = buildClientModel(spec, options.serviceVersion);
    const first = model.resources[0];
    const data = {
      ...model,
      endpoints: model.endpoints.map((e) => ({ ...e, ...signatures(e) })),
      hasOidc: model.endpoints.some((e) => /oidc/i.test(e.method)),
      packageName: packageNameOf(options, TARGET),
      packageVersion: options.packageVersion,
      typesPackage: packageNameOf(options, 'types'),
      typesRange: packageRangeOf(options, 'types'),
      validatorsPackage: packageNameOf(options, 'validators'),
      validatorsRange: packageRangeOf(options, 'validators'),
      specFile: options.specFile,
      typescriptVersion: TYPESCRIPT_RANGE,
      example: first
        ? {
            accessor: first.accessor,
            second: first.fields.find((f) => f !== 'Id' && !first.expandable.includes(f)) ?? null,
          }
        : null,
    };
    const { resources, decoders, ...rest } = data;
    const deps = [JSON.stringify(rest), resources.length, ...resources, decoders.length, ...decoders];
    const last = lastRun.get(templates);
    if (last && sameDeps(last.deps, deps)) {
      last.deps = deps;
      return last.files.map((f) => ({ ...f }));
    }
    const render = (template: string, path: string) =>
      renderFile(templates, TARGET, template, path, options.specFile, data);
    const files = [
      render('package.json', 'package.json'),
      render('tsconfig.json', 'tsconfig.json'),
      render('README.md', 'README.md'),
      ...SOURCES.map((name) => render(name, `src/${name}`)),
    ];
    lastRun.set(templates, { deps, files: files.map((f) => ({ ...f })) });
    return files;
  },
};
