/**
 * `@service-api/openapi`: the OpenAPI 3.1 document (TS module, JSON, YAML) as of a service version.
 * The document is built by @specgen/contract (the wire contract the server reads too); this
 * generator serializes it deterministically and writes the package files.
 */
import {
  GENERATED_MARKER,
  TYPESCRIPT_RANGE,
  chunkedFile,
  endsNormalized,
  generatedHeader,
  normalize,
  packageNameOf,
  renderFile,
  type GeneratedFile,
  type Generator,
} from '@specgen/generate-core';
import { buildDocument, effectiveVersion, type JsonSchema } from '@specgen/contract';
import { documentChunks } from './document-text.ts';

/** The document itself is built by @specgen/contract; this package writes it as files. */
export { buildDocument, effectiveVersion, DECISIONS, decision, type JsonSchema } from '@specgen/contract';
export { toJson, toYaml, canonical } from './serialize.ts';

const TARGET = 'openapi';

interface Operation {
  id: string;
  method: string;
  path: string;
}

function operationsOf(document: Record<string, unknown>): Operation[] {
  const ops: Operation[] = [];
  const paths = document.paths as Record<string, Record<string, { operationId: string }>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item))
      ops.push({ id: op.operationId, method: method.toUpperCase(), path });
  }
  return ops.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export const generator: Generator = {
  target: TARGET,
  packageName: '@service-api/openapi',
  generate({ spec, templates, options, shared, oneShot }) {
    // The document as the server target reads it too (one per run), plus this package's marker:
    // the same object buildDocument gives with `generatedBy`.
    const build = () => buildDocument(spec, { serviceVersion: options.serviceVersion, memo: !oneShot });
    const base = shared
      ? shared.get(`openapi-document@${effectiveVersion(spec, options.serviceVersion)}`, build)
      : build();
    const document: JsonSchema = {
      ...base,
      info: { ...(base.info as object), 'x-generated': `${GENERATED_MARKER} from ${options.specFile}. Do not edit.` },
    };
    const operations = operationsOf(document);
    const texts = documentChunks(document, generatedHeader(options.specFile, '#'), !oneShot);
    const data = {
      packageName: packageNameOf(options, TARGET),
      packageVersion: options.packageVersion,
      specFile: options.specFile,
      serviceVersion: effectiveVersion(spec, options.serviceVersion) ?? '0',
      openapiVersion: document.openapi,
      title: spec.title,
      operations,
      firstOperation: operations[0]?.id ?? 'length',
      typescriptVersion: TYPESCRIPT_RANGE,
    };
    const render = (template: string, path: string) =>
      renderFile(templates, TARGET, template, path, options.specFile, data);
    const file = (path: string, contents: string): GeneratedFile => ({
      path: `${TARGET}/${path}`,
      contents: normalize(contents),
    });
    // JSON.stringify and the YAML writer never write a raw CR (they escape it) and end with one
    // newline, so only the header can need normalizing: scanning 20-40 MB on every watch edit can not.
    // The files are their fragments (generate-core chunks.ts): watch mode patches what an edit changed.
    const header = generatedHeader(options.specFile, '#');
    const large = (path: string, chunks: string[]): GeneratedFile =>
      !header.includes('\r') && endsNormalized(chunks)
        ? chunkedFile(`${TARGET}/${path}`, chunks)
        : file(path, chunks.join(''));
    return [
      render('package.json', 'package.json'),
      render('tsconfig.json', 'tsconfig.json'),
      render('README.md', 'README.md'),
      render('index.ts', 'src/index.ts'),
      large('openapi.json', texts.json),
      large('openapi.yaml', texts.yaml),
    ];
  },
};
