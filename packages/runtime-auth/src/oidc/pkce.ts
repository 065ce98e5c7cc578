/**
 * PKCE (RFC 7636) with the S256 method only: `plain` is never offered (RFC 9700 §2.1.1).
 * The verifier comes from a CSPRNG (32 random bytes, base64url: 43 characters).
 */
import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client';
import { OIDC_ERRORS, OidcError } from './errors.ts';

export const PKCE_METHOD = 'S256';

/** RFC 7636 §4.1: code_verifier = 43*128unreserved, unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~". */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

export interface PkcePair {
  verifier: string;
  challenge: string;
  method: typeof PKCE_METHOD;
}

export function isValidVerifier(verifier: string): boolean {
  return VERIFIER_PATTERN.test(verifier);
}

/** RFC 7636 §4.2: challenge = BASE64URL(SHA256(ASCII(verifier))). */
export async function s256Challenge(verifier: string): Promise<string> {
  if (!isValidVerifier(verifier)) {
    throw new OidcError(OIDC_ERRORS.invalidVerifier, 'PKCE verifier must be 43-128 characters of [A-Za-z0-9-._~]', {
      cause: { received: verifier.length },
    });
  }
  return calculatePKCECodeChallenge(verifier);
}

/** A fresh pair; `verifier` may be given to reproduce a known vector (RFC 7636 Appendix B). */
export async function createPkcePair(verifier: string = randomPKCECodeVerifier()): Promise<PkcePair> {
  return { verifier, challenge: await s256Challenge(verifier), method: PKCE_METHOD };
}
