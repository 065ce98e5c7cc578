import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  generateTotp,
  hashPassword,
  keyUri,
  newMfaToken,
  newSessionId,
  newTotpDevice,
  normalizeCode,
  openDevice,
  parseSecretsKey,
  sealDevice,
  SecretDecryptionError,
  verifyPassword,
  verifyTotp,
  qrCodeDataUrl,
} from '../src/index.ts';
import { RFC6238_VECTORS, rfcDevice } from './rfc6238.ts';

describe('TOTP verifier: RFC 6238 Appendix B', () => {
  for (const v of RFC6238_VECTORS) {
    for (const algorithm of ['SHA1', 'SHA256', 'SHA512'] as const) {
      it(`${algorithm} at T=${v.t} accepts ${v[algorithm]}`, () => {
        const device = rfcDevice(algorithm);
        const step = Math.floor(v.t / 30);
        expect(verifyTotp(device, v[algorithm], v.t * 1000)).toBe(step);
        expect(generateTotp(device, v.t * 1000)).toBe(v[algorithm]);
      });
    }
  }
  it('accepts one step of drift either way, not two', () => {
    const device = rfcDevice('SHA1');
    const code = generateTotp(device, 59_000); // step 1
    expect(verifyTotp(device, code, 59_000 + 30_000)).toBe(1);
    expect(verifyTotp(device, code, 59_000 - 30_000)).toBe(1);
    expect(verifyTotp(device, code, 59_000 + 60_000)).toBeNull();
  });
  it('codes as integers keep their leading zeros; junk is refused', () => {
    const device = rfcDevice('SHA1');
    expect(verifyTotp(device, 7081804, 1111111109_000)).toBe(Math.floor(1111111109 / 30));
    expect(normalizeCode(-1, 6)).toBeNull();
    expect(normalizeCode('12a456', 6)).toBeNull();
    expect(normalizeCode(1234567, 6)).toBeNull();
    expect(normalizeCode(1.5, 6)).toBeNull();
  });
  it('new devices have a 160-bit base32 secret (32 characters) and differ', () => {
    const a = newTotpDevice();
    expect(a.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpDevice().secret).not.toBe(a.secret);
    const uri = keyUri(a, 'Service API', 'demo');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Service%20API:demo\?/);
    expect(new URL(uri).searchParams.get('secret')).toBe(a.secret);
    expect(new URL(uri).searchParams.get('issuer')).toBe('Service API');
  });
  it('QR codes are PNG data URLs', async () => {
    const url = await qrCodeDataUrl('otpauth://totp/X:y?secret=AAAA&issuer=X');
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(url.split(',')[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('secrets at rest', () => {
  const key = randomBytes(32);
  it('round-trips, with a fresh IV each time', () => {
    const a = encryptSecret(key, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encryptSecret(key, 'JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(a);
    expect(decryptSecret(key, a, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
  });
  it('refuses another owner, another key, or a tampered value', () => {
    const a = encryptSecret(key, 'x', 'user-1');
    expect(() => decryptSecret(key, a, 'user-2')).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(randomBytes(32), a, 'user-1')).toThrow(SecretDecryptionError);
    const parts = a.split('.');
    parts[3] = Buffer.from('y').toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'), 'user-1')).toThrow(SecretDecryptionError);
  });
  it('devices are sealed per user', () => {
    const d = newTotpDevice();
    expect(openDevice(key, sealDevice(key, d, 'u'), 'u')).toEqual(d);
  });
  it('parses hex and base64 keys, refuses other lengths', () => {
    expect(parseSecretsKey('00'.repeat(32))).toHaveLength(32);
    expect(parseSecretsKey(randomBytes(32).toString('base64'))).toHaveLength(32);
    expect(() => parseSecretsKey('short')).toThrow(/32 bytes/);
  });
});

describe('passwords and identifiers', () => {
  it('scrypt hashes verify only the right password; null and junk hashes are false', async () => {
    const h = await hashPassword('correct horse');
    expect(h).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword(h, 'correct horse')).toBe(true);
    expect(await verifyPassword(h, 'Correct horse')).toBe(false);
    expect(await verifyPassword(null, 'correct horse')).toBe(false);
    expect(await verifyPassword('plain', 'plain')).toBe(false);
  });
  it('session ids are v4 GUIDs and MfaTokens carry 128 bits', () => {
    expect(newSessionId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Buffer.from(newMfaToken(), 'base64url')).toHaveLength(16);
  });
});
