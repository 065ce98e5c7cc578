export * from './files.ts';
export * from './generator.ts';
export * from './templates.ts';
export * from './syntax.ts';
