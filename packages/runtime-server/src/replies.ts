/** Bodies in the production service's style: a JSON string for messages, `$id` on objects. */
import type { FastifyReply } from 'fastify';

export function sendMessage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(message));
}

export function sendObject(reply: FastifyReply, status: number, body: Record<string, unknown>): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ $id: '1', ...body }));
}

/** LoginResponse: SessionId and MfaToken; when a second factor is required only MfaToken is set. */
export function loginResponse(sessionId: string | null, mfaToken: string | null): Record<string, unknown> {
  return { SessionId: sessionId, MfaToken: mfaToken };
}

export const MESSAGES = {
  loginFailed: 'User login failed',
  totpFailed: 'Login failed',
  tooManyAttempts: 'Too many attempts',
  noSession: 'Session is missing or invalid',
  sessionExpired: 'Session expired',
  sessionSuspended: 'Session suspended',
  invalidMfaToken: (command: string) => `Validation failed for command ${command}: Invalid or expired MfaToken.`,
  invalidCode: (command: string) => `Validation failed for command ${command}: Invalid code.`,
} as const;
