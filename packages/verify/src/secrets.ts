/**
 * Secrets the run handles (passwords, the TOTP secret, session ids, MfaTokens, OIDC state): every
 * value is registered as soon as it is known, and every output passes through `redact` before it
 * is printed, so none can leak through a body a drifted service echoes back.
 */
export const REDACTED = '[redacted]';

export class Secrets {
  private readonly values = new Set<string>();

  /** Registers a value; short values (under 4 characters) would redact ordinary text and are skipped. */
  add(value: string | null | undefined): void {
    if (typeof value === 'string' && value.length >= 4) this.values.add(value);
  }

  /** Every registered value (and its URL-encoded form) replaced by {@link REDACTED}. */
  redact(text: string): string {
    let out = text;
    for (const value of [...this.values].sort((a, b) => b.length - a.length)) {
      for (const form of new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])) {
        out = out.split(form).join(REDACTED);
      }
    }
    return out;
  }
}
