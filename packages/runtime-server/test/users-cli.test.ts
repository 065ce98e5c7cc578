import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@specgen/runtime-auth';
import { findUserByUsername, openStore } from '@specgen/runtime-store';
import { usersCommand } from '../src/index.ts';
import { realSpec } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'specgen-users-'));
const env = { DATABASE_URL: `sqlite:${join(dir, 'service.db')}` };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await usersCommand(args, {
    spec: await realSpec(),
    env,
    out: (s) => (out += `${s}\n`),
    err: (s) => (err += `${s}\n`),
  });
  return { code, out, err };
}

async function user(name: string) {
  const store = await openStore(env.DATABASE_URL);
  try {
    return await findUserByUsername(store, name);
  } finally {
    await store.close();
  }
}

describe('pnpm service users', () => {
  it('adds a user with a hashed password, MFA and permissions', async () => {
    expect(
      await cli(
        'add',
        'alice',
        '--password',
        'pw-1',
        '--mfa',
        '--permission',
        'Show case',
        '--permission',
        'Show supplier',
      ),
    ).toMatchObject({ code: 0 });
    const alice = await user('alice');
    expect(alice).toMatchObject({
      mfaRequired: true,
      authMode: 'password',
      permissions: ['Show case', 'Show supplier'],
    });
    expect(await verifyPassword(alice!.passwordHash, 'pw-1')).toBe(true);
  });

  it('lists users without secrets, as text and JSON', async () => {
    const text = await cli('list');
    expect(text.out).toMatch(/^alice\tpassword\tmfa=yes\toidc=-\tpermissions=Show case; Show supplier$/m);
    const json = JSON.parse((await cli('list', '--json')).out);
    expect(json[0]).toMatchObject({ username: 'alice', hasPassword: true });
    expect(JSON.stringify(json)).not.toContain('scrypt');
  });

  it('sets auth mode, OIDC e-mail (lower-cased), MFA and all permissions', async () => {
    expect(
      (
        await cli(
          'set',
          'alice',
          '--auth-mode',
          'oidc',
          '--oidc-email',
          'Alice@Example.com',
          '--no-mfa',
          '--all-permissions',
        )
      ).code,
    ).toBe(0);
    const alice = await user('alice');
    expect(alice).toMatchObject({ authMode: 'oidc', oidcEmail: 'alice@example.com', mfaRequired: false });
    expect(alice!.permissions).toHaveLength(6);
    expect((await cli('set', 'alice', '--oidc-email', '')).code).toBe(0);
    expect((await user('alice'))!.oidcEmail).toBeNull();
  });

  it('refuses bad input with a message and exit status 2', async () => {
    const cases: string[][] = [
      ['add', 'bob'],
      ['add', 'alice', '--password', 'x'],
      ['add', 'bob', '--password', 'x', '--permission', 'Show everything'],
      ['add', 'bob', '--password', 'x', '--auth-mode', 'magic'],
      ['add', 'bob', '--password', 'x', '--oidc-email', 'not-an-email'],
      ['set', 'nobody', '--mfa'],
      ['remove'],
      ['frobnicate', 'x'],
      ['add', 'bob', '--unknown-flag'],
    ];
    for (const args of cases) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).not.toBe('');
    }
    expect(await user('bob')).toBeUndefined();
  });

  it('prints its help with an example', async () => {
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/usage: service users/);
    expect(help.out).toMatch(/example:/);
    expect((await cli()).code).toBe(2);
  });

  it('removes a user', async () => {
    expect((await cli('remove', 'alice')).code).toBe(0);
    expect(await user('alice')).toBeUndefined();
  });
});
