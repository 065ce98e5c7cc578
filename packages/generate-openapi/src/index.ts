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
  type StagedFileWriter,
  type TemplateEngine,
  writeStaged,
} from '@specgen/generate-core';
import { buildDocument, effectiveVersion, type JsonSchema, mapEntries } from '@specgen/contract';
import { documentChunks, streamDocument } from './document-text.ts';

/** The document itself is built by @specgen/contract; this package writes it as files. */
export { buildDocument, effectiveVersion, DECISIONS, decision, type JsonSchema } from '@specgen/contract';
export { toJson, toYaml, canonical } from './serialize.ts';

const TARGET = 'openapi';

interface Operation {
  id: string;
  method: string;
  path: string;
}

function itemOperations(path: string, item: Record<string, { operationId: string }>, into: Operation[]): void {
  for (const method in item) into.push({ id: (item[method] as { operationId: string }).operationId, method, path });
}

const sameOperations = (a: readonly Operation[], b: readonly Operation[]) =>
  a.length === b.length && a.every((o, i) => o.id === b[i]?.id && o.method === b[i]?.method && o.path === b[i]?.path);

/**
 * The operations of the last memoized document, by path item: a watch edit gives new path items
 * for the edited resource only, and the same operations; the list is then the last one (the same
 * array, which the package files' key compares by identity).
 */
let lastOperations: { names: readonly string[]; values: readonly unknown[]; found: Operation[] } | undefined;

function operationsOf(document: Record<string, unknown>): Operation[] {
  const paths = document.paths as Record<string, Record<string, { operationId: string }>>;
  const entries = mapEntries(paths);
  const last = lastOperations;
  if (entries !== undefined && last !== undefined && last.names === entries.names) {
    const { names, values } = entries;
    let same = true;
    for (let i = 0; i < values.length && same; i++) {
      if (values[i] === last.values[i]) continue;
      const was: Operation[] = [];
      const now: Operation[] = [];
      itemOperations(names[i] as string, last.values[i] as Record<string, { operationId: string }>, was);
      itemOperations(names[i] as string, values[i] as Record<string, { operationId: string }>, now);
      same = sameOperations(was, now);
    }
    if (same) {
      lastOperations = { names, values, found: last.found };
      return last.found;
    }
  }
  let ops: Operation[] = [];
  for (const path in paths) itemOperations(path, paths[path] as Record<string, { operationId: string }>, ops);
  if (last !== undefined && sameOperations(ops, last.found)) ops = last.found;
  lastOperations = entries === undefined ? undefined : { names: entries.names, values: entries.values, found: ops };
  return ops;
}

/**
 * The package's small files (package.json, README, index.ts...) of the last watch run, by template
 * engine (a new engine when a template changes) and everything their data holds: a field edit
 * changes no operation, so they are kept rather than sorted and rendered again (the README lists
 * every operation). Not with --templates overrides, whose partials the key could not see.
 */
const keptFiles = new WeakMap<TemplateEngine, { key: unknown[]; files: GeneratedFile[] }>();

function keptPackageFiles(
  templates: TemplateEngine,
  key: unknown[],
  oneShot: boolean | undefined,
  render: () => GeneratedFile[],
): GeneratedFile[] {
  if (oneShot || templates.dirs.length !== 1) return render();
  const kept = keptFiles.get(templates);
  if (kept && kept.key.length === key.length && kept.key.every((k, i) => k === key[i]))
    return kept.files.map((f) => ({ ...f }));
  const files = render();
  keptFiles.set(templates, { key, files: files.map((f) => ({ ...f })) });
  return files;
}

/**
 * openapi.json and openapi.yaml written into the run's staging folder as they are made (one-shot, new
 * folder); a text that would need normalizing (never seen: JSON.stringify and the YAML writer end with
 * one newline) is returned as text instead, which `normalize` fixes and staging writes.
 */
function streamedTexts(
  document: JsonSchema,
  yamlHeader: string,
  stageFile: (path: string) => StagedFileWriter,
): { json: GeneratedFile | string[]; yaml: GeneratedFile | string[] } {
  const made = writeStaged(stageFile, { json: `${TARGET}/openapi.json`, yaml: `${TARGET}/openapi.yaml` }, (out) =>
    streamDocument(document, yamlHeader, out),
  );
  const settled = (m: { file: GeneratedFile; normalized: boolean }) => (m.normalized ? m.file : [m.file.contents]);
  return { json: settled(made.json), yaml: settled(made.yaml) };
}

export const generator: Generator = {
  target: TARGET,
  packageName: '@service-api/openapi',
  generate({ spec, templates, options, shared, oneShot, stageFile }) {
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
    const found = operationsOf(document);
    const yamlHeader = generatedHeader(options.specFile, '#');
    // A one-shot run into a new folder writes the two texts as it makes them (document-text.ts `streamDocument`).
    const streamed =
      oneShot && stageFile && !yamlHeader.includes('\r') ? streamedTexts(document, yamlHeader, stageFile) : null;
    const texts = streamed ?? documentChunks(document, yamlHeader, !oneShot);
    const data = {
      packageName: packageNameOf(options, TARGET),
      packageVersion: options.packageVersion,
      specFile: options.specFile,
      serviceVersion: effectiveVersion(spec, options.serviceVersion) ?? '0',
      openapiVersion: document.openapi,
      title: spec.title,
      operations: found,
      firstOperation: 'length',
      typescriptVersion: TYPESCRIPT_RANGE,
    };
    // `found` by identity: the same array while the operations are the same (operationsOf).
    const key = [...Object.values(data).filter((v) => v !== found), found];
    const packageFiles = keptPackageFiles(templates, key, oneShot, () => {
      const operations = found
        .map((o) => ({ ...o, method: o.method.toUpperCase() }))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const sorted = { ...data, operations, firstOperation: operations[0]?.id ?? 'length' };
      const render = (template: string, path: string) =>
        renderFile(templates, TARGET, template, path, options.specFile, sorted);
      return [
        render('package.json', 'package.json'),
        render('tsconfig.json', 'tsconfig.json'),
        render('README.md', 'README.md'),
        render('index.ts', 'src/index.ts'),
      ];
    });
    const file = (path: string, contents: string): GeneratedFile => ({
      path: `${TARGET}/${path}`,
      contents: normalize(contents),
    });
    // JSON.stringify and the YAML writer never write a raw CR (they escape it) and end with one
    // newline, so only the header can need normalizing: scanning 20-40 MB on every watch edit can not.
    // The files are their fragments (generate-core chunks.ts): watch mode patches what an edit changed.
    const header = generatedHeader(options.specFile, '#');
    const large = (path: string, text: string[] | GeneratedFile): GeneratedFile => {
      if (!Array.isArray(text)) return text;
      return !header.includes('\r') && endsNormalized(text)
        ? chunkedFile(`${TARGET}/${path}`, text)
        : file(path, text.join(''));
    };
    return [...packageFiles, large('openapi.json', texts.json), large('openapi.yaml', texts.yaml)];
  },
};
