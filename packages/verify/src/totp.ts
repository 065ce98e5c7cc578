/**
 * TOTP codes of the MFA user's device (RFC 6238 through otpauth): the base32 secret with the
 * defaults authenticator apps assume (SHA1, 6 digits, 30 s), or an `otpauth://` key URI with its
 * own parameters. The run waits for the next time step rather than use a code twice.
 */
import * as OTPAuth from 'otpauth';

export class TotpDevice {
  private readonly totp: OTPAuth.TOTP;

  constructor(secret: string) {
    const trimmed = secret.trim();
    const parsed = trimmed.startsWith('otpauth://') ? OTPAuth.URI.parse(trimmed) : null;
    if (parsed && !(parsed instanceof OTPAuth.TOTP))
      throw new Error('SPECGEN_VERIFY_TOTP_SECRET: the key URI is not a TOTP one');
    this.totp =
      parsed ??
      new OTPAuth.TOTP({
        secret: OTPAuth.Secret.fromBase32(trimmed.replace(/\s+/g, '').toUpperCase()),
        algorithm: 'SHA1',
        digits: 6,
        period: 30,
      });
  }

  get periodMs(): number {
    return this.totp.period * 1000;
  }

  /** The code of the step that holds `at` (ms). */
  code(at: number): string {
    return this.totp.generate({ timestamp: at });
  }

  /** The step number of `at`. */
  step(at: number): number {
    return Math.floor(at / this.periodMs);
  }

  /** A code that is none of the codes of the steps around `at` (so it is wrong whatever the drift). */
  wrongCode(at: number): string {
    const near = new Set([-1, 0, 1].map((d) => this.code(at + d * this.periodMs)));
    const digits = this.totp.digits;
    for (let n = 0; ; n++) {
      const candidate = String((Number(this.code(at)) + 1 + n) % 10 ** digits).padStart(digits, '0');
      if (!near.has(candidate)) return candidate;
    }
  }
}
