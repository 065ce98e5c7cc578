export * from './path-parameters.ts';
export * from './scalar-ranges.ts';
