/** IR -> `@service-api/validators`: zod 4 schemas, scalar rules, lossless JSON, version-gated factory. */
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
} from '@specgen/generate-core';
import { SCALAR_FACTS } from './scalar-facts.ts';
import { parserResult, parserSteps, readerGate, readerGateSource, readerSteps, shapeText } from './schema-text.ts';
import { buildValidatorsModel, resourceView, type SchemaView, type ValidatorsModel } from './model.ts';

export const TARGET = 'validators';
export const PACKAGE_NAME = '@service-api/validators';
/**
 * Dependency ranges written into the generated package.json. zod 4.6 or later: the schemas
 * compile themselves with `z.compile` (docs/decisions/validators.md).
 */
export const ZOD_RANGE = '^4.6.0';
export const LOSSLESS_JSON_RANGE = '^4.2.0';

export const generator: Generator = {
  target: TARGET,
  packageName: PACKAGE_NAME,
  generate(ctx) {
    return generateValidators(ctx);
  },
};

export function generateValidators(ctx: GenerateContext): GeneratedFile[] {
  const { spec, templates, options } = ctx;
  // a one-shot run makes each resource's fields, parser and reader when its file renders (model.ts)
  const model = buildValidatorsModel(
    spec,
    options.serviceVersion,
    options.specFile,
    typesModelOf(ctx),
    ctx.oneShot === true,
  );
  const { renderOnce } = renderMemos(ctx);
  const render = (name: string, data: object, target = TARGET) => templates.render(target, name, data);
  const ts = (path: string, text: string) => file(`${TARGET}/src/${path}`, withHeader(path, options.specFile, text));
  const schemaObject = (view: SchemaView) => {
    const gateSource = view.reader ? readerGateSource(view.reader) : '';
    const text = render('schema-object', {
      ...view,
      shape: shapeText(view.fields),
      parserSteps: parserSteps(view.parser),
      parserResult: parserResult(view.parser),
      readerSteps: readerSteps(view.reader),
      readerGate: view.reader ? readerGate(gateSource) : '',
      readerGateSource: gateSource,
    });
    // the built-in template's text ends without a newline: no copy of the whole part to trim it
    return templates.endsWithoutBlank?.(TARGET, 'schema-object') ? text : text.trimEnd();
  };
  const types = model.types;
  // Files of the whole model: in watch mode rendered again only when something their template read of
  // the model changed (read-tracking.ts); a row added to one resource renders none of them.
  const whole = <T extends object>(path: string, data: T, make: (data: T) => string) =>
    file(
      `${TARGET}/${path}`,
      ctx.oneShot ? make(data) : renderWhenRead(templates, `${TARGET}/${path}`, options.specFile, data, make),
    );
  const packageName = packageNameOf(options, TARGET);
  return [
    file(
      `${TARGET}/package.json`,
      withHeader('package.json', options.specFile, packageJson(render, model, options.packageVersion, packageName)),
    ),
    file(`${TARGET}/tsconfig.json`, withHeader('tsconfig.json', options.specFile, render('tsconfig.json', {}))),
    whole('README.md', readmeData(model, packageName), (data) =>
      withHeader('README.md', options.specFile, render('README.md', data)),
    ),
    whole(
      'src/index.ts',
      {
        title: types.title,
        serviceVersion: types.serviceVersion,
        resources: model.resources,
        structures: model.structures,
      },
      (data) => withHeader('src/index.ts', options.specFile, render('index.ts', data)),
    ),
    whole('src/versions.ts', types, (data) =>
      withHeader('src/versions.ts', options.specFile, render('versions.ts', data, 'types')),
    ),
    ts('scalars.ts', render('scalars.ts', SCALAR_FACTS)),
    ts('fast.ts', render('fast.ts', SCALAR_FACTS)),
    ts('json.ts', render('json.ts', {})),
    ts('read.ts', render('read.ts', {})),
    ts('validate-json.ts', render('validate-json.ts', {})),
    ts('errors.ts', render('errors.ts', {})),
    whole('src/references.ts', model, (data) =>
      withHeader('src/references.ts', options.specFile, render('references.ts', data)),
    ),
    whole('src/sign-in.ts', { structures: model.structures }, ({ structures }) =>
      withHeader(
        'src/sign-in.ts',
        options.specFile,
        render('sign-in.ts', {
          schemaObjects: structures.map(schemaObject),
          fast: structures.some((s) => s.parser !== null),
          read: structures.some((s) => s.reader !== null),
          refs: refsFrom(
            'sign-in',
            structures.flatMap((s) => s.refs),
          ),
        }),
      ),
    ),
    ...model.resources.map((view, i) =>
      file(
        `${TARGET}/src/${view.module}.ts`,
        renderOnce(view, templates, options.specFile, () => {
          const record = resourceView(view);
          return withHeader(
            `src/${view.module}.ts`,
            options.specFile,
            render('resource.ts', {
              record,
              schemaObject: schemaObject(record),
              scalarsModule: importPath(view.module, 'scalars'),
              fastModule: importPath(view.module, 'fast'),
              readModule: importPath(view.module, 'read'),
              refs: refsFrom(view.module, view.refs),
              // the types package's since-map text, made once per records view (the two views' fields agree)
              sinceObject: sinceObjectText(types.resources[i] ?? view),
            }),
          );
        }),
      ),
    ),
  ].sort((a, b) => a.path.localeCompare(b.path));
}

/** Import lines of the schemas a module refers to, merged per module, without self-imports. */
function refsFrom(own: string, refs: SchemaView['refs']): { from: string; names: string[] }[] {
  const byModule = new Map<string, Set<string>>();
  for (const r of refs) {
    if (r.module === own) continue;
    const names = byModule.get(r.module) ?? new Set<string>();
    for (const n of r.names) names.add(n);
    byModule.set(r.module, names);
  }
  return [...byModule]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, names]) => ({ from: importPath(own, module), names: [...names].sort() }));
}

function packageJson(
  render: (name: string, data: object) => string,
  model: ValidatorsModel,
  packageVersion: string,
  packageName: string,
): string {
  return render('package.json', {
    // for overrides that still print `"//": {{json header}}` (withHeader sets the field either way)
    header: headerText(model.types.specFile),
    packageName,
    packageVersion,
    title: model.types.title,
    zodVersion: ZOD_RANGE,
    losslessJsonVersion: LOSSLESS_JSON_RANGE,
    typescriptVersion: TYPESCRIPT_RANGE,
  });
}

function readmeData(model: ValidatorsModel, packageName: string): object {
  const first = model.resources[0];
  const version = model.types.newestVersion;
  const example = first && version ? { schemaName: first.schemaName, name: first.name, version } : null;
  return { ...model.types, resources: model.resources, structures: model.structures, packageName, example };
}
