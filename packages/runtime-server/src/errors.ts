/**
 * Every failure becomes a 4xx/5xx with a JSON string body, never a stack trace, and never the
 * request body echoed back (a JSON syntax error message can quote a password).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { REQUEST_MESSAGES } from '@specgen/contract';
import { MESSAGES, sendMessage } from './replies.ts';

interface MaybeHttpError {
  statusCode?: number;
  code?: string;
  message?: string;
  validation?: unknown;
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | MaybeHttpError, request, reply) => {
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    const code = error.code ?? '';
    let message: string;
    if (error.validation) message = REQUEST_MESSAGES.invalidRequest(error.message ?? 'validation failed');
    else if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError))
      message = REQUEST_MESSAGES.malformedJson;
    else if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = REQUEST_MESSAGES.emptyJson;
    else if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = REQUEST_MESSAGES.bodyTooLarge;
    else if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = REQUEST_MESSAGES.unsupportedMediaType;
    else if (status === 429) message = MESSAGES.tooManyAttempts;
    else if (status >= 500) message = REQUEST_MESSAGES.internal;
    else message = error.message || 'Bad request';
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: code || undefined }, message);
    return sendMessage(reply, status, message);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return sendMessage(reply, 404, REQUEST_MESSAGES.noRoute(request.method, path ?? '/'));
  });
}
