/** Test helpers other generators' tests share (`@specgen/generate-types/testing`): the factory-built fixture IR and golden-file comparison. */
export * from './fixture.ts';
export * from './golden.ts';
