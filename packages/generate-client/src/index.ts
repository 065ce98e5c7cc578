/** `@service-api/client`: a typed fetch-based client of the service, as of a service version. */
import {
  TYPESCRIPT_RANGE,
  packageNameOf,
  packageRangeOf,
  renderFile,
  sameReads,
  tracked,
  type GeneratedFile,
  type Generator,
  type Reads,
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
 * The last run's data and files per template engine, with what each file's template read of the
 * data (generate-core's read-tracking.ts): a watch edit renders only the files whose template read something that
 * changed. Resource and decoder views are kept per IR object (model.ts), so most compare by identity.
 */
const lastRun = new WeakMap<TemplateEngine, LastRun>();

interface LastRun {
  data: Record<string, unknown>;
  /** What the header of every file names (renderFile). */
  specFile: string;
  files: Map<string, RenderedFile>;
}

interface RenderedFile {
  file: GeneratedFile;
  reads: Reads;
}

/** The files of the client package: template name and path under `client/`. */
const FILES: readonly (readonly [string, string])[] = [
  ['package.json', 'package.json'],
  ['tsconfig.json', 'tsconfig.json'],
  ['README.md', 'README.md'],
  ...SOURCES.map((name) => [name, `src/${name}`] as const),
];

export const generator: Generator = {
  target: TARGET,
  packageName: '@service-api/client',
  generate({ spec, templates, options, oneShot }) {
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
    const render = (template: string, path: string, given: unknown) =>
      renderFile(templates, TARGET, template, path, options.specFile, given);
    // A one-shot run renders every file once, and keeps nothing.
    if (oneShot) return FILES.map(([template, path]) => render(template, path, data));
    const found = lastRun.get(templates);
    const last = found?.specFile === options.specFile ? found : undefined;
    const rendered = new Map<string, RenderedFile>();
    const files = FILES.map(([template, path]) => {
      const kept = last?.files.get(path);
      if (kept && last && sameReads(kept.reads, last.data, data)) {
        rendered.set(path, kept);
        return { ...kept.file };
      }
      const reads: Reads = new Map();
      const file = render(template, path, tracked(data, reads));
      rendered.set(path, { file: { ...file }, reads });
      return file;
    });
    lastRun.set(templates, { data, specFile: options.specFile, files: rendered });
    return files;
  },
};
