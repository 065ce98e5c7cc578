export * from './check.ts';
export * from './pending.ts';
export { renderReleaseCheck, toJson as releaseCheckJson } from './render.ts';
export * from './packages.ts';
