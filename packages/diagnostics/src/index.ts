export * from './diagnostic.ts';
export * from './codes.ts';
export * from './collector.ts';
export * from './reporters.ts';
export * from './suggest.ts';
export * from './pretty.ts';
