import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVENESS_PATH } from '../src/index.ts';
import { testServer, type TestServer } from './helpers.ts';

describe('liveness route (container HEALTHCHECK, load balancers)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer();
  });
  afterAll(() => t.close());

  it('answers 200 without a session and is never cached', async () => {
    const reply = await t.app.inject({ url: LIVENESS_PATH });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('answers while the store is unavailable: a database outage must not restart every instance', async () => {
    await t.store.close();
    expect((await t.app.inject({ url: LIVENESS_PATH })).statusCode).toBe(200);
  });
});
