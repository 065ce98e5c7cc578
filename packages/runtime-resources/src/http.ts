/** Replies of the read resources: JSON text bodies and JSON string messages, as production answers. */
import type { FastifyReply } from 'fastify';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function sendJsonText(reply: FastifyReply, body: string | Uint8Array): FastifyReply {
  return reply.code(200).type(JSON_TYPE).send(typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

/** Error bodies are a JSON string, e.g. `"ProductRecords 123 was not found"`. */
export function sendMessage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify(message));
}
