/** OIDC responses: JSON-string error bodies, never cached. */
import type { FastifyReply } from 'fastify';
import { OIDC_MESSAGES, type OidcMessage } from './messages.ts';

export function sendOidcError(reply: FastifyReply, status: number, message: OidcMessage): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(OIDC_MESSAGES[message]));
}

/** A query parameter given exactly once; null when absent, repeated or not text. */
export function singleQueryValue(query: unknown, name: string): string | null | 'repeated' {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return 'repeated';
  return typeof value === 'string' ? value : null;
}
