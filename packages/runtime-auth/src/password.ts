/**
 * Password hashing with scrypt (node:crypto). Stored form: `scrypt$N$r$p$<salt b64>$<hash b64>`.
 * `verifyPassword` always does the full scrypt work, also for unknown users (`verifyAgainstNothing`),
 * so the answer time does not tell whether a username exists (OWASP ASVS 11.2.4).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** ~16 MiB and a few tens of milliseconds per hash on one core. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20) return null;
  return { params: { N, r, p }, salt: Buffer.from(parts[4]!, 'base64'), key: Buffer.from(parts[5]!, 'base64') };
}

let dummy: Promise<string> | undefined;

/** A hash of a random password, used when there is no user, so that path costs the same. */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

/** True when `password` matches `stored`. A null or malformed hash costs the same work and answers false. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const parsed = stored === null ? null : parseHash(stored);
  const target = parsed ?? parseHash(await dummyHash())!;
  const key = await derive(password, target.salt, target.params);
  const equal = key.length === target.key.length && timingSafeEqual(key, target.key);
  return parsed !== null && equal;
}

/** Pre-computes the dummy hash (call at server start so the first unknown-user login is not faster or slower). */
export async function warmUpPasswords(): Promise<void> {
  await dummyHash();
}
