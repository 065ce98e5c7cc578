/**
 * `runService` as the generated server package runs it (DEMO_USERS=true SEED_DATA=true, the IR
 * handed over, started from a folder without a spec): it seeds the store it serves from with its
 * own spec, so the demo user reads seeded records over HTTP and no second store appears.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService, type RunningService } from '../src/index.ts';
import { BASE, post, realSpec, sessionHeader } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'specgen-run-service-'));
const cwd = process.cwd();
let service: RunningService;
const logs: string[] = [];

beforeAll(async () => {
  process.chdir(dir);
  service = await runService({
    spec: await realSpec(),
    env: {
      PORT: '0',
      DATABASE_URL: `sqlite:${join(dir, 'served.db')}`,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      DEMO_USERS: 'true',
      SEED_DATA: 'true',
      DEV_IDP: 'false',
      SPEC_FILE: join(dir, 'spec/service-api.md'),
    },
    log: (m) => logs.push(m),
  });
});

afterAll(async () => {
  await service?.stop();
  process.chdir(cwd);
  rmSync(dir, { recursive: true, force: true });
});

describe('runService with DEMO_USERS and SEED_DATA', () => {
  it('seeds the store it serves from, for its own spec', async () => {
    expect(logs.some((m) => /^seeded read-resource data: 60 ProductRecords, /.test(m))).toBe(true);
    const login = await post(service.app, '/login', { Username: 'demo', Password: 'demo' });
    expect(login.statusCode, login.body).toBe(200);
    const session = sessionHeader(login.json().SessionId as string);
    const page = await service.app.inject({
      method: 'GET',
      url: `${BASE}/api/v1/Inventory/ProductRecords?$top=1000`,
      headers: session,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toHaveLength(60);
  });

  it('opens no second store and reads no spec from the working directory', () => {
    expect(existsSync(join(dir, '.data/service.db'))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.db'))).toEqual(['served.db']);
  });
});
