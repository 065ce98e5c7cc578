/**
 * TOTP (RFC 6238) via otpauth. A device is described by its base32 secret and parameters; the
 * verifier accepts one step of clock drift either way (RFC 6238 §5.2) and returns the time step
 * the code belongs to, which the caller claims in the store so each code is accepted once.
 */
import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

export interface TotpDevice {
  /** Base32, no padding. */
  secret: string;
  algorithm: TotpAlgorithm;
  digits: number;
  period: number;
}

export const TOTP_WINDOW = 1;

/** A new device: 160-bit secret from the CSPRNG (RFC 4226 §4 recommends 160 bits), SHA1, 6 digits, 30 s. */
export function newTotpDevice(): TotpDevice {
  return {
    secret: new OTPAuth.Secret({ buffer: Uint8Array.from(randomBytes(20)).buffer }).base32,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  };
}

function totpOf(device: TotpDevice, label = 'user', issuer = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    secret: OTPAuth.Secret.fromBase32(device.secret),
    algorithm: device.algorithm,
    digits: device.digits,
    period: device.period,
  });
}

/** Codes arrive as a JSON integer (leading zeros lost) or a digit string; both become `digits` characters. */
export function normalizeCode(code: number | string, digits: number): string | null {
  const text = typeof code === 'number' ? (Number.isSafeInteger(code) && code >= 0 ? String(code) : '') : code.trim();
  if (!/^\d+$/.test(text) || text.length > digits) return null;
  return text.padStart(digits, '0');
}

/** The time step the code is valid for at `nowMs` (±1 step), or null when it is wrong. */
export function verifyTotp(device: TotpDevice, code: number | string, nowMs: number): number | null {
  const token = normalizeCode(code, device.digits);
  if (token === null) return null;
  const delta = totpOf(device).validate({ token, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / device.period) + delta;
}

/** The code at `nowMs` (for tests, the demo and the benchmark). */
export function generateTotp(device: TotpDevice, nowMs: number): string {
  return totpOf(device).generate({ timestamp: nowMs });
}

/** `otpauth://totp/Issuer:account?secret=...&issuer=...` (Key URI format read by authenticator apps). */
export function keyUri(device: TotpDevice, issuer: string, account: string): string {
  return totpOf(device, account, issuer).toString();
}
