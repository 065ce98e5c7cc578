export * from './files.ts';
export * from './chunks.ts';
export * from './staging.ts';
export * from './generator.ts';
export * from './templates.ts';
export * from './syntax.ts';
export * from './syntax-sample.ts';
export * from './packages.ts';
export { precompileTemplates } from './precompiled.ts';
