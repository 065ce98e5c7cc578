export * from './files.ts';
export * from './generator.ts';
export * from './templates.ts';
