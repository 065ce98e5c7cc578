/** One behavioural suite, run against every store implementation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimTotpStep,
  consumeMfaToken,
  countLoginFailure,
  createMfaToken,
  createSessionRecord,
  createUser,
  currentLoginFailures,
  deleteUser,
  endOtherSessions,
  redeemMfaToken,
  purgeSessions,
  purgeMfaTokens,
  purgeUsedSteps,
  endSession,
  findDevice,
  findMfaToken,
  findSessionRecord,
  findUserByOidcEmail,
  findUserByUsername,
  linkOidcEmail,
  listUsers,
  recordMfaFailure,
  saveDevice,
  StoreConflictError,
  touchSession,
  updateUser,
  type Store,
} from '../src/index.ts';

export function storeSuite(name: string, open: () => Promise<Store>): void {
  describe(`store on ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('creates, finds, updates and lists users; usernames are unique', async () => {
      const u = await createUser(store, { username: 'alice', passwordHash: 'h', permissions: ['Show case'] });
      expect(await findUserByUsername(store, 'alice')).toMatchObject({
        id: u.id,
        mfaRequired: false,
        authMode: 'password',
        permissions: ['Show case'],
      });
      await expect(createUser(store, { username: 'alice' })).rejects.toBeInstanceOf(StoreConflictError);
      const updated = await updateUser(store, u.id, { mfaRequired: true, authMode: 'oidc' });
      expect(updated).toMatchObject({ mfaRequired: true, authMode: 'oidc' });
      expect((await listUsers(store)).map((x) => x.username)).toContain('alice');
    });

    it('links OIDC e-mails lower-cased and unique', async () => {
      const a = await createUser(store, { username: 'oidc-a' });
      const b = await createUser(store, { username: 'oidc-b' });
      await linkOidcEmail(store, a.id, 'Person@Example.COM');
      expect((await findUserByOidcEmail(store, 'person@example.com'))?.id).toBe(a.id);
      await expect(linkOidcEmail(store, b.id, 'PERSON@example.com')).rejects.toBeInstanceOf(StoreConflictError);
    });

    it('sessions: create, touch, end one, end the others', async () => {
      const u = await createUser(store, { username: 'sess' });
      await createSessionRecord(store, 'k1', u.id, 1000);
      await createSessionRecord(store, 'k2', u.id, 1000);
      await touchSession(store, 'k1', 2000);
      expect(await findSessionRecord(store, 'k1')).toMatchObject({
        userId: u.id,
        username: 'sess',
        lastSeenAt: 2000,
        endedAt: null,
      });
      expect(await endOtherSessions(store, u.id, 'k1', 'suspended', 3000)).toBe(1);
      expect(await findSessionRecord(store, 'k2')).toMatchObject({ endedAt: 3000, endedReason: 'suspended' });
      expect(await endSession(store, 'k1', 'logout', 4000)).toBe(true);
      expect(await endSession(store, 'k1', 'logout', 5000)).toBe(false);
      expect(await findSessionRecord(store, 'nope')).toBeUndefined();
    });

    it('MfaTokens are consumed once, expire, and end after the last allowed failure', async () => {
      const u = await createUser(store, { username: 'mfa' });
      await createMfaToken(store, { key: 't1', userId: u.id, purpose: 'login', expiresAt: 10_000, now: 0 });
      expect(await consumeMfaToken(store, 't1', 10_000)).toBeUndefined();
      expect((await consumeMfaToken(store, 't1', 5000))?.userId).toBe(u.id);
      expect(await consumeMfaToken(store, 't1', 5000)).toBeUndefined();
      await createMfaToken(store, { key: 't2', userId: u.id, purpose: 'login', expiresAt: 10_000, now: 0 });
      for (let i = 1; i <= 4; i++) expect(await recordMfaFailure(store, 't2', 5, 100)).toBe(i);
      expect((await findMfaToken(store, 't2'))?.consumedAt).toBeNull();
      expect(await recordMfaFailure(store, 't2', 5, 100)).toBe(5);
      expect((await findMfaToken(store, 't2'))?.consumedAt).toBe(100);
      expect(await recordMfaFailure(store, 't2', 5, 100)).toBeNull();
    });

    it('concurrent consumers of one MfaToken: exactly one wins', async () => {
      const u = await createUser(store, { username: 'race' });
      await createMfaToken(store, { key: 'race', userId: u.id, purpose: 'login', expiresAt: 10_000, now: 0 });
      const results = await Promise.all(Array.from({ length: 20 }, () => consumeMfaToken(store, 'race', 1)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('a TOTP step is claimed once, and earlier steps are refused after a later one', async () => {
      const u = await createUser(store, { username: 'totp' });
      expect(await claimTotpStep(store, u.id, 100, 1)).toBe(true);
      expect(await claimTotpStep(store, u.id, 100, 1)).toBe(false);
      expect(await claimTotpStep(store, u.id, 99, 1)).toBe(false);
      expect(await claimTotpStep(store, u.id, 101, 1)).toBe(true);
      const claims = await Promise.all(Array.from({ length: 10 }, () => claimTotpStep(store, u.id, 200, 1)));
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it('redeeming a token claims the code step in one transaction; a used step leaves the token usable', async () => {
      const u = await createUser(store, { username: 'redeem' });
      await createMfaToken(store, {
        key: 'r1',
        userId: u.id,
        purpose: 'login',
        expiresAt: 10_000,
        forceRelogin: true,
        now: 0,
      });
      await createMfaToken(store, { key: 'r2', userId: u.id, purpose: 'login', expiresAt: 10_000, now: 0 });
      const first = await redeemMfaToken(store, 'r1', u.id, 7, 1);
      expect(first).toMatchObject({ ok: true, token: { forceRelogin: true } });
      expect(await redeemMfaToken(store, 'r2', u.id, 7, 1)).toEqual({ ok: false, reason: 'codeUsed' });
      expect((await findMfaToken(store, 'r2'))?.consumedAt).toBeNull();
      expect(await redeemMfaToken(store, 'r1', u.id, 8, 1)).toEqual({ ok: false, reason: 'tokenGone' });
      await createMfaToken(store, { key: 'r3', userId: u.id, purpose: 'login', expiresAt: 10_000, now: 0 });
      const many = await Promise.all(Array.from({ length: 20 }, () => redeemMfaToken(store, 'r3', u.id, 9, 1)));
      expect(many.filter((r) => r.ok)).toHaveLength(1);
    });

    it('devices are saved, replaced, and removed with their user', async () => {
      const u = await createUser(store, { username: 'dev' });
      await saveDevice(store, u.id, 'enc1', 1);
      await saveDevice(store, u.id, 'enc2', 2);
      expect(await findDevice(store, u.id)).toMatchObject({ encryptedSecret: 'enc2', createdAt: 2 });
      expect(await deleteUser(store, u.id)).toBe(true);
      expect(await findDevice(store, u.id)).toBeUndefined();
    });

    it('purges ended or long idle sessions, expired tokens and old TOTP steps', async () => {
      const u = await createUser(store, { username: 'purge' });
      await createSessionRecord(store, 'p-live', u.id, 10_000);
      await createSessionRecord(store, 'p-ended', u.id, 10_000);
      await createSessionRecord(store, 'p-idle', u.id, 100);
      await endSession(store, 'p-ended', 'logout', 500);
      expect(await purgeSessions(store, 1000, 1000)).toBe(2);
      expect(await findSessionRecord(store, 'p-live')).toBeDefined();
      await createMfaToken(store, { key: 'p-t', userId: u.id, purpose: 'login', expiresAt: 100, now: 0 });
      await purgeMfaTokens(store, 1000);
      expect(await findMfaToken(store, 'p-t')).toBeUndefined();
      expect(await claimTotpStep(store, u.id, 5, 100)).toBe(true);
      await purgeUsedSteps(store, 1000);
      expect(await claimTotpStep(store, u.id, 5, 2000)).toBe(true);
    });

    it('login failure counters restart after their window', async () => {
      expect(await countLoginFailure(store, 'user:x', 1000, 60_000)).toBe(1);
      expect(await countLoginFailure(store, 'user:x', 2000, 60_000)).toBe(2);
      expect(await currentLoginFailures(store, 'user:x', 3000, 60_000)).toBe(2);
      expect(await currentLoginFailures(store, 'user:x', 100_000, 60_000)).toBe(0);
      expect(await countLoginFailure(store, 'user:x', 100_000, 60_000)).toBe(1);
    });

    it('the oidc_flows table is there with its columns', async () => {
      await store.db
        .insertInto('oidc_flows')
        .values({
          id: 'f1',
          binding: 'b',
          state: 's',
          nonce: 'n',
          code_verifier: 'v',
          login_request: '{}',
          redirect_url: 'http://x/',
          created_at: 1,
        })
        .execute();
      const row = await store.db
        .updateTable('oidc_flows')
        .set({ consumed_at: 2 })
        .where('id', '=', 'f1')
        .where('consumed_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      expect(row?.state).toBe('s');
    });
  });
}
