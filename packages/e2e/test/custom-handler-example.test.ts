/**
 * examples/custom-handler as a user runs it: `pnpm --dir examples/custom-handler start` with
 * PORT, DATABASE_URL and SECRETS_KEY; a user added with `pnpm service users add` on the same
 * database signs in; ProductRecords come from the example's three in-memory records ($top, $skip,
 * $select honoured), and the other routes keep the default handlers (SQL store, sessions).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'specgen-example-'));
const env = {
  ...process.env,
  PORT: '0',
  DATABASE_URL: `sqlite:${join(dir, 'service.db')}`,
  SECRETS_KEY: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
};
let server: ChildProcess;
let base = '';

function pnpm(args: string[], input?: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', args, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += String(c)));
    child.stderr.on('data', (c: Buffer) => (output += String(c)));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin.end(input ?? '');
  });
}

beforeAll(async () => {
  // Its own process group, so that stopping it also stops the node process pnpm started.
  server = spawn('pnpm', ['--dir', 'examples/custom-handler', 'start'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  base = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`the example did not start:\n${text}`)), 90_000);
    const look = (chunk: Buffer) => {
      text += String(chunk);
      const m = /listening at (http:\/\/[^\s]+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(`${m[1]}/en/001.1`);
      }
    };
    server.stdout!.on('data', look);
    server.stderr!.on('data', look);
    server.on('exit', (code) => reject(new Error(`the example exited with ${code}:\n${text}`)));
  });
  const added = await pnpm(
    [
      'service',
      'users',
      'add',
      'reader',
      '--password-stdin',
      '--permission',
      'Show serial number',
      '--permission',
      'Show basic data for attendance',
    ],
    'reader-pw\n',
  );
  expect(added.code, added.output).toBe(0);
}, 180_000);

afterAll(() => {
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('examples/custom-handler', () => {
  let session = '';
  const read = async (path: string, withSession = true) => {
    const res = await fetch(`${base}${path}`, { headers: withSession ? { 'X-Service-SessionId': session } : {} });
    return { status: res.status, text: await res.text() };
  };

  it('signs in a user added with pnpm service users add on the same database (default handler)', async () => {
    const res = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: 'reader', Password: 'reader-pw' }),
    });
    expect(res.status).toBe(200);
    session = ((await res.json()) as { SessionId: string }).SessionId;
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves ProductRecords from its three in-memory records, honouring $top, $skip and $select', async () => {
    const all = await read('/api/v1/Inventory/ProductRecords?$select=Id');
    expect(all).toEqual({ status: 200, text: '[{"Id":"1"},{"Id":"2"},{"Id":"3"}]' });
    const page = await read('/api/v1/Inventory/ProductRecords?$top=1&$skip=1&$select=SerialNumber,Id');
    expect(page).toEqual({ status: 200, text: '[{"Id":"2","SerialNumber":"SN-0002"}]' });
    const one = await read('/api/v1/Inventory/ProductRecords/3?$select=Id,TypeDescription');
    expect(one).toEqual({ status: 200, text: '{"Id":"3","TypeDescription":"In-memory example"}' });
    expect((await read('/api/v1/Inventory/ProductRecords/4')).status).toBe(404);
    const full = JSON.parse((await read('/api/v1/Inventory/ProductRecords/1')).text) as Record<string, unknown>;
    expect(full).toMatchObject({ Id: '1', SerialNumber: 'SN-0001', PartId: '100', Status: 4 });
  });

  it('keeps the skeleton and the other default handlers', async () => {
    expect((await read('/api/v1/Inventory/ProductRecords', false)).status).toBe(401);
    expect(await read('/api/v1/TimeRecording/Schedules')).toEqual({ status: 200, text: '[]' });
    expect((await read('/api/v1/Inventory/CaseEntryActivities')).status).toBe(403);
    const filtered = await read('/api/v1/Inventory/ProductRecords?$filter=Id eq 1');
    expect(filtered.status).toBe(400);
    expect(JSON.parse((await read('/session')).text)).toMatchObject({
      Username: 'reader',
      Permissions: ['Show serial number', 'Show basic data for attendance'],
    });
  });
});
