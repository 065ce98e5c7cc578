import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresCluster } from '../src/postgres.ts';

function listen(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address === 'object' && address) resolve({ server, port: address.port });
      else reject(new Error('no port'));
    });
  });
}

describe.skipIf(!postgresAvailable())('startPostgres', () => {
  let cluster: PostgresCluster | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });

  it('starts on another port when the one it chose was taken before the server could bind it', async () => {
    // what a parallel test file does between the choice and the bind: it listens on that port
    const taken = await listen();
    const free = await listen();
    const freePort = free.port;
    await new Promise<void>((resolve) => free.server.close(() => resolve()));
    const offered = [taken.port, freePort];
    try {
      cluster = await startPostgres(async () => offered.shift() ?? 0);
    } finally {
      taken.server.close();
    }
    expect(cluster.port).toBe(freePort);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
      expect(rows[0]?.one).toBe(1);
    } finally {
      await client.end();
    }
  }, 60_000);
});
