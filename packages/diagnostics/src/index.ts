export * from './diagnostic.ts';
