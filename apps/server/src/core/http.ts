import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResultCode } from '@atrium/shared';
import { AppError, httpStatusFor } from './errors.ts';
import { pickLanguage, translate, type Language, type MessageKey, type MessageParams } from './messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language for messages: Accept-Language, else the signed-in user's preference. */
    language: Language;
    t(key: MessageKey, params?: MessageParams): string;
  }
}

/** The success envelope of contract/api.md. */
export function ok<T>(data?: T, msg = 'Success') {
  return data === undefined ? { code: ResultCode.ok, msg } : { code: ResultCode.ok, msg, data };
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

function describeIssue(request: FastifyRequest, issue: ValidationIssue, context: string | undefined): string {
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'body';
  const p = issue.params ?? {};
  let problem: string;
  switch (issue.keyword) {
    case 'invalid_type':
      problem =
        p.input === undefined || p.input === null
          ? request.t('fieldRequired')
          : request.t('fieldType', { expected: String(p.expected ?? '') });
      break;
    case 'too_small':
      problem =
        p.minimum === 1 && p.origin === 'string'
          ? request.t('fieldRequired')
          : request.t('fieldTooShort', { minimum: String(p.minimum) });
      break;
    case 'too_big':
      problem = request.t('fieldTooLong', { maximum: String(p.maximum) });
      break;
    case 'invalid_format':
    case 'custom':
      problem = request.t('fieldFormat');
      break;
    case 'invalid_value':
      problem = request.t('fieldValue');
      break;
    default:
      problem = issue.message ?? request.t('fieldFormat');
  }
  return request.t('invalidField', { field, problem });
}

function send(reply: FastifyReply, code: number, msg: string, data?: unknown) {
  const body = data === undefined ? { code, msg } : { code, msg, data };
  return reply.status(httpStatusFor(code)).send(body);
}

/**
 * Puts every answer, failures included, into the envelope: validation problems name the field,
 * unknown routes answer 404, and unexpected errors answer 500 without leaking stack or SQL.
 */
export function registerEnvelope(app: FastifyInstance): void {
  app.decorateRequest('language', 'zh-CN');
  app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, params?: MessageParams) {
    return translate(this.language, key, params);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = pickLanguage(request.headers['accept-language']);
    done();
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error.code, request.t(error.messageKey, error.params), error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0] as unknown as ValidationIssue;
      return send(reply, ResultCode.failed, describeIssue(request, first, error.validationContext));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(reply, ResultCode.tooLarge, request.t('tooLarge'));
    if (status === 429) return send(reply, ResultCode.tooMany, request.t('tooMany'));
    if (status === 404) return send(reply, ResultCode.notFound, request.t('notFound'));
    if (status === 403) return send(reply, ResultCode.forbidden, request.t('forbidden'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, never a 500.
      return send(reply, ResultCode.failed, request.t('bodyInvalid'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, ResultCode.error, request.t('internal'));
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, ResultCode.notFound, request.t('notFound'));
}
