/**
 * The generated client (@service-api/client as built) against the sandbox server (createServer
 * with every plugin, SQLite): password, TOTP and device enrolment sign-in, reads, logout.
 * Moved here from generate-client's tests: generators do not depend on runtime packages.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient, totpCode } from '@service-api/client';
import { buildDocument } from '@specgen/contract';
import { conformanceProblems, recordAnswers } from '@specgen/contract/testing';
import { parseSpecFile } from '@specgen/parser';
import * as server from '@specgen/runtime-server';

const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));

describe('generated client against the sandbox server', () => {
  it('signs in with password, TOTP and device enrolment, reads, and logs out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specgen-client-server-'));
    const config = server.loadConfig({ SECRETS_KEY: randomBytes(32).toString('hex'), PORT: '0' }, spec, {
      dataDir: dir,
    });
    const store = await server.openStore(`sqlite:${join(dir, 'service.db')}`);
    const app = await server.createServer({ spec, config, store, log: false });
    const answers = recordAnswers(app);
    try {
      await server.ensurePasswordDemoUsers(store, config.secretsKey, server.permissionNames(spec));
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const make = () =>
        createClient({
          baseUrl: `http://127.0.0.1:${port}`,
          languageCode: 'en',
          companyNumber: '001.1',
          validate: true,
        });

      const demo = make();
      const refused = await demo
        .login({ Username: 'demo', Password: 'wrong', ForceRelogin: false })
        .catch((e: any) => e);
      expect([refused.status, refused.body]).toEqual([403, 'User login failed']);
      await demo.login({ Username: 'demo', Password: 'demo', ForceRelogin: true });
      expect(demo.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await demo.session()).Username).toBe('demo');
      expect(
        await demo.productRecords.list({
          $select: ['Id', 'SerialNumber'],
          $orderby: [['SerialNumber', 'desc']],
          $filter: (f: any) => f.gt('Id', 0n),
          $top: 5,
        }),
      ).toEqual([]);
      const missing = await demo.schedules.get(380497447683684471n).catch((e: any) => e);
      expect([missing.status, missing.body]).toEqual([404, 'Schedules 380497447683684471 was not found']);
      await demo.logout();
      expect(demo.sessionId).toBeNull();
      expect((await demo.schedules.list().catch((e: any) => e)).status).toBe(401);

      const mfa = make();
      const first = await mfa.login({ Username: 'mfa', Password: 'mfa', ForceRelogin: false });
      expect(first.SessionId).toBeNull();
      if (first.MfaToken === null) throw new Error('the MFA user got no MfaToken');
      await mfa.totpLogin({ MfaToken: first.MfaToken, Code: totpCode(server.DEMO_TOTP_SECRET) });
      expect(mfa.sessionId).toMatch(/^[0-9a-f-]{36}$/);

      const enrol = make();
      const token = (await enrol.login({ Username: 'enrol', Password: 'enrol', ForceRelogin: false })).MfaToken;
      if (token === null) throw new Error('the enrolling user got no MfaToken');
      const issued = await enrol.getMultiFactorDeviceSecret({ MfaToken: token });
      expect(issued.Secret).toMatch(/^[A-Z2-7]{32}$/);
      const notTheCode = String((Number(totpCode(issued.Secret)) + 500_000) % 1_000_000).padStart(6, '0');
      const wrongCode = await enrol
        .setMultiFactorAuthenticationDevice({ MfaToken: issued.MfaToken, Code: notTheCode })
        .catch((e: any) => e);
      expect(wrongCode.status).toBe(400);
      const done = await enrol.setMultiFactorAuthenticationDevice({
        MfaToken: issued.MfaToken,
        Code: totpCode(issued.Secret),
      });
      expect(done.DeviceRegistered).toBe(true);
      expect(enrol.sessionId).toBe(done.SessionId);
      // Every answer above (sign-in, TOTP, enrolment, reads, errors) is what the document of this version describes.
      expect(answers.length).toBeGreaterThan(10);
      expect(conformanceProblems(buildDocument(spec, { serviceVersion: config.serviceVersion }), answers)).toEqual([]);
    } finally {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
