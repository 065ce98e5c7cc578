/**
 * `/reference`: the reference site's folder served as static files beside `/docs` (reference.ts).
 * The folder here is a small stand-in written by hand: the runtime may not load the generator
 * that writes the real one (the browser test of @specgen/generate-docs covers the site itself).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from './helpers.ts';

describe('the reference site at /reference', () => {
  let dir: string;
  let t: TestServer;
  let missing: TestServer;
  const home = '<!doctype html><title>home</title><a href="26.8/index.html">26.8</a>\n';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'specgen-reference-'));
    mkdirSync(join(dir, '26.8'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), home);
    writeFileSync(join(dir, '26.8', 'openapi.json'), '{"openapi":"3.1.0"}\n');
    writeFileSync(join(dir, 'changes.xml'), '<feed xmlns="http://www.w3.org/2005/Atom"/>\n');
    t = await testServer({ options: { referenceDir: dir } });
    missing = await testServer({ options: { referenceDir: join(dir, 'not-built') } });
  });
  afterAll(async () => {
    await t.close();
    await missing.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('redirects /reference to /reference/ so the relative links resolve, and serves its index', async () => {
    const bare = await t.app.inject({ url: '/reference' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/reference/');
    const index = await t.app.inject({ url: '/reference/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.body).toBe(home);
  });

  it('serves the files byte for byte with their types', async () => {
    const doc = await t.app.inject({ url: '/reference/26.8/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.body).toBe('{"openapi":"3.1.0"}\n');
    expect((await t.app.inject({ url: '/reference/changes.xml' })).headers['content-type']).toMatch(/xml/);
  });

  it('answers 404 for a file that is not there, and never serves a file outside the folder', async () => {
    expect((await t.app.inject({ url: '/reference/26.8/nothing.html' })).statusCode).toBe(404);
    const outside = await t.app.inject({ url: '/reference/../../package.json' });
    expect(outside.statusCode).toBeGreaterThanOrEqual(400);
    expect(outside.statusCode).toBeLessThan(500);
    expect((await t.app.inject({ url: '/reference/%2e%2e/%2e%2e/package.json' })).statusCode).toBe(404);
  });

  it('without the folder, answers 404 with a message naming the command that writes it', async () => {
    for (const url of ['/reference', '/reference/', '/reference/index.html']) {
      const reply = await missing.app.inject({ url });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toBe(
        `The reference site is not built: run \`specgen docs --out ${join(dir, 'not-built')}\``,
      );
    }
  });

  it('a server without a reference folder has no /reference route', async () => {
    const plain = await testServer();
    try {
      expect((await plain.app.inject({ url: '/reference/' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
