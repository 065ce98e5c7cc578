/** Bodies in the production service's style: a JSON string for messages, `$id` on objects. */
import type { FastifyReply } from 'fastify';

export { MESSAGES } from '@specgen/contract';

/** Content type of every JSON answer (messages, objects, pages and records). */
export const JSON_TYPE = 'application/json; charset=utf-8';

export function sendMessage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify(message));
}

export function sendObject(reply: FastifyReply, status: number, body: Record<string, unknown>): FastifyReply {
  return reply
    .code(status)
    .type(JSON_TYPE)
    .send(JSON.stringify({ $id: '1', ...body }));
}

/** LoginResponse: SessionId and MfaToken; when a second factor is required only MfaToken is set. */
export function loginResponse(sessionId: string | null, mfaToken: string | null): Record<string, unknown> {
  return { SessionId: sessionId, MfaToken: mfaToken };
}
