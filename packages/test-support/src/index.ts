export * from './postgres.ts';
export * from './browser.ts';
