import { describe, expect, it } from 'vitest';
import {
  buildTypesModel,
  createRunShared,
  createTemplateEngine,
  type GenerateContext,
  renderMemos,
  typesModelOf,
} from '@specgen/generate-core';
import { generateTypes } from '../src/index.ts';
import { fixtureSpec } from './fixture.ts';

const spec = fixtureSpec();

describe('RunShared', () => {
  it('makes a value once and drops it when every reader named is finished', () => {
    const shared = createRunShared();
    let made = 0;
    const get = () => shared.get('model', () => ++made, ['types', 'validators']);
    expect(get()).toBe(1);
    expect(get()).toBe(1);
    shared.finished('types');
    expect(get()).toBe(1);
    shared.finished('validators');
    // dropped: a later reader makes it again
    expect(get()).toBe(2);
  });

  it('keeps a value without readers for the whole run', () => {
    const shared = createRunShared();
    let made = 0;
    shared.get('document', () => ++made);
    for (const target of ['types', 'validators', 'openapi', 'client', 'server']) shared.finished(target);
    expect(shared.get('document', () => ++made)).toBe(1);
  });
});

describe('one-shot memos', () => {
  const ctx = (oneShot: boolean, shared = createRunShared()): GenerateContext => ({
    spec,
    templates: createTemplateEngine(),
    options: { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '0.1.0' },
    shared,
    oneShot,
  });

  it('a one-shot run shares one records model between types and validators, equal to the kept one', () => {
    const shared = createRunShared();
    const model = typesModelOf(ctx(true, shared));
    expect(typesModelOf(ctx(true, shared))).toBe(model);
    // not the generate-core memo's model: nothing of it is kept for a later run
    const kept = buildTypesModel(spec, null, 'spec/service-api.md');
    expect(model).not.toBe(kept);
    expect(JSON.stringify(model)).toBe(JSON.stringify(kept));
    shared.finished('types');
    shared.finished('validators');
    expect(typesModelOf(ctx(true, shared))).not.toBe(model);
  });

  it('a one-shot run of the types target writes the files watch mode writes', () => {
    const files = (oneShot: boolean) => generateTypes(ctx(oneShot)).map((f) => [f.path, f.contents]);
    expect(files(true)).toEqual(files(false));
  });

  it('a one-shot run renders every time; watch mode keeps the text of an unchanged owner', () => {
    const owner = {};
    const engine = createTemplateEngine();
    let renders = 0;
    const render = () => `text ${++renders}`;
    const once = renderMemos(ctx(true)).renderOnce;
    expect([once(owner, engine, 'salt', render), once(owner, engine, 'salt', render)]).toEqual(['text 1', 'text 2']);
    const kept = renderMemos(ctx(false)).renderOnce;
    expect([kept(owner, engine, 'salt', render), kept(owner, engine, 'salt', render)]).toEqual(['text 3', 'text 3']);
  });
});
