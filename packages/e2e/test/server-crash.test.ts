/**
 * Nothing is lost on a crash: users, devices and live sessions written before `kill -9` are
 * there after a restart on the same SQLite file (WAL, synchronous=FULL). The server runs as the
 * generated `@service-api/server` (src/main.ts) in a child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTotp } from '@specgen/runtime-auth';
import { DEMO_TOTP_SECRET } from '@specgen/runtime-server';

const ROOT = join(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'specgen-crash-'));
const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${join(dir, 'service.db')}`,
  SECRETS_KEY: randomBytes(32).toString('hex'),
  PORT: '0',
  DEMO_USERS: 'true',
  SEED_DATA: 'false',
  DEV_IDP: 'false',
  LOG_LEVEL: 'warn',
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'generated/server/src/main.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const base = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${text}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      text += String(chunk);
      const m = /listening at (http:\/\/[^\s]+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(`${m[1]}/en/001.1`);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${text}`)));
  });
  child.stdout!.resume();
  return { child, base };
}

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, string> }));

const demoDevice = { secret: DEMO_TOTP_SECRET, algorithm: 'SHA1' as const, digits: 6, period: 30 };

describe('kill -9 and restart', () => {
  it('keeps users, devices and live sessions', async () => {
    const first = await start();
    const session = (await post(first.base, '/login', { Username: 'demo', Password: 'demo' })).body.SessionId!;
    const enrolToken = (await post(first.base, '/login', { Username: 'enrol', Password: 'enrol' })).body.MfaToken!;
    const secret = (
      await post(first.base, '/api/v1/Common/Commands/GetMultiFactorDeviceSecret', { MfaToken: enrolToken })
    ).body;
    const device = { ...demoDevice, secret: secret.Secret! };
    const registered = await post(first.base, '/api/v1/Common/Commands/SetMultiFactorAuthenticationDevice', {
      MfaToken: secret.MfaToken,
      Code: Number(generateTotp(device, Date.now())),
    });
    expect(registered.status).toBe(200);
    const enrolSession = registered.body.SessionId!;
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await start();
    for (const id of [session, enrolSession]) {
      const res = await fetch(`${second.base}/session`, { headers: { 'X-Service-SessionId': id } });
      expect(res.status).toBe(200);
    }
    // The device registered before the crash is there: enrol now gets a login token, not an enrolment token.
    const token = (await post(second.base, '/login', { Username: 'enrol', Password: 'enrol' })).body.MfaToken!;
    expect(
      (await post(second.base, '/api/v1/Common/Commands/GetMultiFactorDeviceSecret', { MfaToken: token })).status,
    ).toBe(400);
    // And the demo MFA user signs in with its device.
    const mfaToken = (await post(second.base, '/login', { Username: 'mfa', Password: 'mfa' })).body.MfaToken!;
    const totp = await post(second.base, '/login/totp', {
      MfaToken: mfaToken,
      Code: Number(generateTotp(demoDevice, Date.now())),
    });
    expect(totp.status).toBe(200);
    second.child.kill('SIGKILL');
  }, 120_000);
});
