/**
 * The HttpOnly cookie that binds a browser to its pending sign-in. It holds a random value
 * (256 bits from a CSPRNG); the store keeps only its SHA-256, so a leaked database row cannot
 * be replayed as a cookie. `__Host-` prefix when the cookie is Secure (ASVS 3.3.x).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function bindingCookieName(secure: boolean): string {
  return secure ? '__Host-service-oidc-flow' : 'service-oidc-flow';
}

export function newBindingValue(): string {
  return randomBytes(32).toString('base64url');
}

export function hashBinding(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** The binding value sent with the request, if any (read from the Cookie header). */
export function readBindingCookie(request: FastifyRequest, secure: boolean): string | null {
  const name = bindingCookieName(secure);
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** Lax, so the cookie also accompanies the top-level return from the provider. */
export function setBindingCookie(reply: FastifyReply, value: string, secure: boolean, maxAgeSeconds: number): void {
  appendSetCookie(reply, serialize(bindingCookieName(secure), value, secure, maxAgeSeconds));
}

export function clearBindingCookie(reply: FastifyReply, secure: boolean): void {
  appendSetCookie(reply, serialize(bindingCookieName(secure), '', secure, 0));
}

function serialize(name: string, value: string, secure: boolean, maxAge: number): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Fastify appends further `set-cookie` values, so the session cookies set later are kept. */
function appendSetCookie(reply: FastifyReply, cookie: string): void {
  reply.header('set-cookie', cookie);
}
