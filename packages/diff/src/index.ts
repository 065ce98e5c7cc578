export * from './rules.ts';
export * from './change.ts';
export * from './diff.ts';
export * from './changeset.ts';
export * from './git.ts';
export * from './report/index.ts';
export * from './options.ts';
export * from './run.ts';
export { renderRulesDoc } from './docs.ts';
