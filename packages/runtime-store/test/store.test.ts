import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@specgen/test-support/postgres';
import { openStore } from '../src/index.ts';
import { storeSuite } from './store-suite.ts';

const dir = mkdtempSync(join(tmpdir(), 'specgen-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

storeSuite('SQLite', () => openStore(`sqlite:${join(dir, 'a', 'service.db')}`));

let cluster: PostgresCluster | undefined;
afterAll(async () => {
  await cluster?.stop();
});
describe.skipIf(!postgresAvailable())('PostgreSQL', () => {
  storeSuite('PostgreSQL', async () => {
    cluster = await startPostgres();
    return openStore(await cluster.createDatabase('store_suite'));
  });
});

describe('openStore', () => {
  it('refuses an unknown URL scheme with a clear message', async () => {
    await expect(openStore('mysql://user:pw@host/db')).rejects.toThrow(
      /unsupported DATABASE_URL "mysql:\/\/user:\*\*\*@host\/db"/,
    );
  });
  it('migrating twice is harmless', async () => {
    const url = `sqlite:${join(dir, 'twice.db')}`;
    await (await openStore(url)).close();
    const again = await openStore(url);
    expect(again.dialect).toBe('sqlite');
    await again.close();
  });
});
