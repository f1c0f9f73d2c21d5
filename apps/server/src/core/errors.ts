import { ResultCode } from '@atrium/shared';
import type { MessageKey, MessageParams } from './messages.ts';

/** HTTP status for each envelope code; 600-602 travel as 401, and the status mirrors every other code. */
export function httpStatusFor(code: number): number {
  if (code >= 600 && code <= 602) return 401;
  if ([200, 400, 401, 403, 404, 409, 413, 429, 500].includes(code)) return code;
  return code >= 500 ? 500 : 400;
}

/** A failure the caller should see: an envelope code and a message key translated per request. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    /** Extra data returned with the error, for example the server's current record on a conflict. */
    readonly data?: unknown,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/**
 * One field of the request is wrong, found by hand rather than by a route schema: answered 400 in
 * the same words as the schema checks, "参数 {field} 无效：{problem}" / "Invalid {field}: {problem}",
 * the problem being one of the field messages (fieldRequired, fieldFormat, fieldValue, ...).
 */
export class FieldError extends AppError {
  constructor(
    readonly field: string,
    readonly problem: MessageKey,
    readonly problemParams?: MessageParams,
    /** Which part of the request, named when `field` is empty (the whole body is wrong). */
    readonly part?: 'body' | 'querystring' | 'params',
  ) {
    super(ResultCode.failed, 'invalidField', { field });
    this.name = 'FieldError';
  }
}

export const fail = (key: MessageKey, params?: MessageParams) => new AppError(ResultCode.failed, key, params);
export const badField = (field: string, problem: MessageKey, params?: MessageParams) =>
  new FieldError(field, problem, params);
export const forbidden = () => new AppError(ResultCode.forbidden, 'forbidden');
export const notFound = (key: MessageKey = 'recordNotFound') => new AppError(ResultCode.notFound, key);
