export * from './schema.ts';
export * from './version.ts';
export * from './factory.ts';
export * from './queries.ts';
export * from './snapshot.ts';
export * from './identity.ts';
export * from './same-json.ts';
export * from './snapshot-positions.ts';
