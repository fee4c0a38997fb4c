import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorReason, type FailureEnvelope, type SuccessEnvelope } from '@draw/shared';
import { AppError, httpStatusOf } from '../errors';
import { languageOf, translate } from '../i18n/messages';
import { serializeAnswer } from './kept-json';

/** Wraps a route's data in the spec's envelope. Routes return `ok(data)`. */
export function ok<T>(data: T): SuccessEnvelope<T> {
  return { code: 200, message: '', data, success: true };
}

function failure(request: FastifyRequest, error: AppError): FailureEnvelope {
  const message = translate(error.key, languageOf(request.headers['accept-language']), error.params);
  return {
    code: httpStatusOf(error.reason),
    message,
    data: error.detail,
    success: false,
    reason: error.reason,
  };
}

/** Fastify's own errors (validation, body limits, bad JSON) become AppErrors with the same envelope. */
function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (error.validation) {
    const detail = error.validation
      .map((v) => `${(error.validationContext ?? 'body') + (v.instancePath || '')} ${v.message ?? ''}`.trim())
      .join('; ');
    return new AppError(ErrorReason.BadRequest, 'error.validation', { detail });
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    return new AppError(ErrorReason.PayloadTooLarge, 'error.payloadTooLarge');
  }
  if (error.statusCode === 429) {
    return new AppError(ErrorReason.RateLimited, 'error.rateLimited', { seconds: 60 });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(ErrorReason.BadRequest, 'error.validation', { detail: error.message });
  }
  return new AppError(ErrorReason.Internal, 'error.internal');
}

/**
 * Fastify's `frameworkErrors`: refusals made before routing (a path param longer than
 * maxParamLength, a malformed percent-encoding) answer the envelope too, not Fastify's own body.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'request refused before routing');
  // The detail does not echo the path: it may be megabytes long.
  const detail =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path parameter is too long' : 'the URL is malformed';
  return sendError(request, reply, new AppError(ErrorReason.BadRequest, 'error.validation', { detail }));
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const body = failure(request, error);
  return reply.status(body.code).send(body);
}

/** Every answer under /api is the envelope, errors and unknown routes included. */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setReplySerializer(serializeAnswer);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.reason === ErrorReason.Internal) request.log.error({ err: error }, 'unhandled error');
    else request.log.info({ reason: appError.reason, key: appError.key }, 'request refused');
    return sendError(request, reply, appError);
  });
});

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0] ?? '';
  return sendError(
    request,
    reply,
    new AppError(ErrorReason.NotFound, 'error.routeNotFound', { method: request.method, url }),
  );
}
