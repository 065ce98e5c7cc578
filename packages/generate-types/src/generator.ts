/** IR -> `@service-api/types`: one module per resource, the sign-in structures, references, helpers. */
import {
  TYPESCRIPT_RANGE,
  file,
  headerText,
  importPath,
  packageNameOf,
  renderMemos,
  renderWhenRead,
  sinceObjectText,
  typesModelOf,
  withHeader,
  type GenerateContext,
  type GeneratedFile,
  type Generator,
  type RecordView,
  type TypesModel,
} from '@specgen/generate-core';
import { enumDeclarations, interfaceBody } from './record-text.ts';

export const TARGET = 'types';
export const PACKAGE_NAME = '@service-api/types';

export const generator: Generator = {
  target: TARGET,
  packageName: PACKAGE_NAME,
  generate(ctx) {
    return generateTypes(ctx);
  },
};

export function generateTypes(ctx: GenerateContext): GeneratedFile[] {
  const { spec, templates, options } = ctx;
  const model = typesModelOf(ctx);
  const { renderOnce } = renderMemos(ctx);
  const render = (name: string, data: object) => templates.render(TARGET, name, data);
  const ts = (path: string, name: string, data: object) =>
    file(`${TARGET}/src/${path}`, withHeader(path, options.specFile, render(name, data)));
  // Files of the whole model: in watch mode rendered again only when something their template read of
  // the model changed (read-tracking.ts); a row added to one resource renders none of them.
  const whole = <T extends object>(path: string, data: T, make: (data: T) => string) =>
    file(
      `${TARGET}/${path}`,
      ctx.oneShot ? make(data) : renderWhenRead(templates, `${TARGET}/${path}`, options.specFile, data, make),
    );
  const src = (path: string, name: string) => (data: object) => withHeader(path, options.specFile, render(name, data));
  const packageName = packageNameOf(options, TARGET);
  return [
    file(
      `${TARGET}/package.json`,
      withHeader('package.json', options.specFile, packageJson(render, model, options.packageVersion, packageName)),
    ),
    file(`${TARGET}/tsconfig.json`, withHeader('tsconfig.json', options.specFile, render('tsconfig.json', {}))),
    whole('README.md', readmeData(model, packageName), src('README.md', 'README.md')),
    whole('src/index.ts', model, src('index.ts', 'index.ts')),
    whole('src/versions.ts', model, src('versions.ts', 'versions.ts')),
    ts('bitmask.ts', 'bitmask.ts', {}),
    whole('src/references.ts', model, src('references.ts', 'references.ts')),
    whole('src/sign-in.ts', { structures: model.structures }, ({ structures }) =>
      withHeader(
        'sign-in.ts',
        options.specFile,
        render('sign-in.ts', { structures, imports: importsFrom('sign-in', mergeImports(structures, 'sign-in')) }),
      ),
    ),
    ...model.resources.map((record) =>
      file(
        `${TARGET}/src/${record.module}.ts`,
        renderOnce(record, templates, options.specFile, () =>
          withHeader(
            `src/${record.module}.ts`,
            options.specFile,
            render('resource.ts', {
              record,
              imports: importsFrom(record.module, record.imports),
              hasBitmask: record.enums.some((e) => e.bitmask),
              versionsModule: importPath(record.module, 'versions'),
              bitmaskModule: importPath(record.module, 'bitmask'),
              enumDeclarations: enumDeclarations(record.enums),
              interfaceBody: interfaceBody(record.fields),
              sinceObject: sinceObjectText(record),
            }),
          ),
        ),
      ),
    ),
  ].sort((a, b) => a.path.localeCompare(b.path));
}

function packageJson(
  render: (name: string, data: object) => string,
  model: TypesModel,
  packageVersion: string,
  packageName: string,
): string {
  return render('package.json', {
    // for overrides that still print `"//": {{json header}}` (withHeader sets the field either way)
    header: headerText(model.specFile),
    packageName,
    packageVersion,
    title: model.title,
    typescriptVersion: TYPESCRIPT_RANGE,
  });
}

function readmeData(model: TypesModel, packageName: string): object {
  const first = model.resources[0];
  const version = model.versions.find((v) => first?.fields.some((f) => f.since === v)) ?? model.newestVersion;
  const example =
    first && version
      ? {
          typeName: first.typeName,
          versionView: first.versionView,
          version,
          versionSuffix: version.replace(/\./g, '_'),
        }
      : null;
  return { ...model, packageName, example };
}

/** Imports of several records that share one module, merged and without self-imports. */
function mergeImports(records: RecordView[], own: string): RecordView['imports'] {
  const byModule = new Map<string, Set<string>>();
  for (const r of records) {
    for (const i of r.imports) {
      if (i.module === own) continue;
      const names = byModule.get(i.module) ?? new Set<string>();
      for (const n of i.names) names.add(n);
      byModule.set(i.module, names);
    }
  }
  return [...byModule]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, names]) => ({ module, names: [...names].sort() }));
}

function importsFrom(fromModule: string, imports: RecordView['imports']): { from: string; names: string[] }[] {
  return imports.map((i) => ({ from: importPath(fromModule, i.module), names: i.names }));
}
