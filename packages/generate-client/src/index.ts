/** `@service-api/client`: a typed fetch-based client of the service, as of a service version. */
import { generatedHeader, normalize, type GeneratedFile, type Generator } from '@specgen/generate-core';
import { buildClientModel, type EndpointView } from './model.ts';

export { buildClientModel, type ClientModel, type EndpointView, type ResourceView, type CommandView, type DecoderView } from './model.ts';

const TARGET = 'client';

/** Files rendered from a template of the same name (`templates/client/<name>.hbs`). */
const SOURCES = ['index.ts', 'client.ts', 'resources.ts', 'resource.ts', 'decode.ts', 'query.ts', 'filter.ts', 'transport.ts', 'errors.ts', 'totp.ts'];

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
  return { signature: params.join(', '), implSignature: names.join(', '), structureName: e.text || e.resultType === 'unknown' ? null : e.resultType };
}

export const generator: Generator = {
  target: TARGET,
  packageName: '@service-api/client',
  generate({ spec, templates, options }) {
    const model = buildClientModel(spec, options.serviceVersion);
    const header = generatedHeader(options.specFile);
    const first = model.resources[0];
    const data = {
      ...model,
      endpoints: model.endpoints.map((e) => ({ ...e, ...signatures(e) })),
      hasOidc: model.endpoints.some((e) => /oidc/i.test(e.method)),
      header,
      headerText: header.replace(/^\/\/ /, '').trim(),
      packageName: this.packageName,
      packageVersion: options.packageVersion,
      specFile: options.specFile,
      example: first ? { accessor: first.accessor, second: first.fields.find((f) => f !== 'Id' && !first.expandable.includes(f)) ?? null } : null,
    };
    const file = (path: string, contents: string): GeneratedFile => ({ path: `${TARGET}/${path}`, contents: normalize(contents) });
    return [
      file('package.json', templates.render(TARGET, 'package.json', data)),
      file('tsconfig.json', templates.render(TARGET, 'tsconfig.json', data)),
      file('README.md', templates.render(TARGET, 'README.md', data)),
      ...SOURCES.map((name) => file(`src/${name}`, templates.render(TARGET, name, data))),
    ];
  },
};
