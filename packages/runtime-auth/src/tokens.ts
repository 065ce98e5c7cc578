/** Random identifiers from the CSPRNG, and the hashes the store keeps instead of them. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Session id: a version-4 GUID (122 random bits, ASVS 7.2.3 asks for at least 128 bits of id, of which 122 random). */
export function newSessionId(): string {
  return randomUUID();
}

/** MfaToken: 128 random bits, base64url. */
export function newMfaToken(): string {
  return randomBytes(16).toString('base64url');
}

/** SHA-256 hex: the store's key for a session id or token (a leaked database holds no usable ids). */
export function storageKey(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function looksLikeSessionId(value: string): boolean {
  return GUID.test(value);
}
