/**
 * Every failure becomes a 4xx/5xx with a JSON string body, never a stack trace, and never the
 * request body echoed back (a JSON syntax error message can quote a password).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES, sendMessage } from './replies.ts';

interface MaybeHttpError {
  statusCode?: number;
  code?: string;
  message?: string;
  validation?: unknown;
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | MaybeHttpError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    const code = error.code ?? '';
    let message: string;
    if (error.validation) message = `Invalid request: ${error.message ?? 'validation failed'}`;
    else if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) message = 'Malformed JSON body';
    else if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = 'The JSON body must not be empty';
    else if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = 'Request body is too large';
    else if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'Unsupported Content-Type: send application/json';
    else if (status === 429) message = MESSAGES.tooManyAttempts;
    else if (status >= 500) message = 'Internal server error';
    else message = error.message || 'Bad request';
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: code || undefined }, message);
    return sendMessage(reply, status, message);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return sendMessage(reply, 404, `No route ${request.method} ${path}`);
  });
}
