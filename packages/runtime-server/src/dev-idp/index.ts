export * from './users.ts';
export * from './provider.ts';
export * from './sign-in.ts';
export * from './for-server.ts';
