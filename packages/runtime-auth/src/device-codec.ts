/** A TOTP device as stored: its parameters as JSON, encrypted with the secrets key for its user. */
import { decryptSecret, encryptSecret } from './secrets.ts';
import type { TotpAlgorithm, TotpDevice } from './totp.ts';

const ALGORITHMS = new Set<TotpAlgorithm>(['SHA1', 'SHA256', 'SHA512']);

export function sealDevice(key: Buffer, device: TotpDevice, userId: string): string {
  return encryptSecret(key, JSON.stringify(device), userId);
}

export function openDevice(key: Buffer, stored: string, userId: string): TotpDevice {
  const value = JSON.parse(decryptSecret(key, stored, userId)) as Partial<TotpDevice>;
  if (typeof value.secret !== 'string' || !ALGORITHMS.has(value.algorithm as TotpAlgorithm))
    throw new Error('stored device is damaged');
  return {
    secret: value.secret,
    algorithm: value.algorithm as TotpAlgorithm,
    digits: Number(value.digits ?? 6),
    period: Number(value.period ?? 30),
  };
}
