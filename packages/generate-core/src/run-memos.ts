/**
 * What a generator keeps between runs depends on the run: watch mode renders again from mostly the
 * same objects and keeps views and texts (memo.ts, records/model.ts); a one-shot run renders each
 * file once, so it keeps nothing for a later run and its views and texts are garbage once written
 * (about 40 MB less at the peak of the 600-resource spec). These helpers give a generator the
 * right functions for its run (`GenerateContext.oneShot`).
 */
import type { GenerateContext } from './generator.ts';
import { renderOnce, renderWhenChanged } from './memo.ts';
import { buildTypesModel, type TypesModel } from './records/model.ts';

/** Renders without keeping the text (a one-shot run): the signature of renderOnce and renderWhenChanged. */
const renderNow = (_owner: unknown, _templates: unknown, _key: unknown, render: () => string) => render();

/** renderOnce and renderWhenChanged (memo.ts) for this run: plain rendering in a one-shot run. */
export function renderMemos(ctx: GenerateContext): {
  renderOnce: typeof renderOnce;
  renderWhenChanged: typeof renderWhenChanged;
} {
  return ctx.oneShot
    ? { renderOnce: renderNow, renderWhenChanged: (_t, _s, _d, render) => render() }
    : { renderOnce, renderWhenChanged };
}

/**
 * The records model of the run (shared by the types and validators targets). A one-shot run keeps
 * it in the run's shared values until both targets are rendered, and none of its views after.
 */
export function typesModelOf(ctx: GenerateContext): TypesModel {
  const { spec, options, shared } = ctx;
  if (!ctx.oneShot || !shared) return buildTypesModel(spec, options.serviceVersion, options.specFile);
  return shared.get(
    `types-model@${options.serviceVersion}\n${options.specFile}`,
    () => buildTypesModel(spec, options.serviceVersion, options.specFile, false),
    ['types', 'validators'],
  );
}
