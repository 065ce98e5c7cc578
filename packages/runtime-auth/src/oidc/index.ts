export * from './errors.ts';
export * from './pkce.ts';
export * from './provider.ts';
export * from './authorization-request.ts';
export * from './callback.ts';
