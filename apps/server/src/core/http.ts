import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResultCode } from '@atrium/shared';
import { AppError, FieldError, httpStatusFor } from './errors.ts';
import {
  isMessageKey,
  pickLanguage,
  translate,
  type Language,
  type MessageKey,
  type MessageParams,
} from './messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language for messages: Accept-Language, else the signed-in user's preference. */
    language: Language;
    t(key: MessageKey, params?: MessageParams): string;
  }
}

/**
 * Longest request URL (path and query, as sent) that is served. A longer one is refused before
 * access control, so the caller learns that the URL is the problem, whatever else is missing.
 */
export const MAX_URL_LENGTH = 4096;
/** Longest single path parameter the router matches; shorter ones reach the route's own checks. */
export const MAX_PARAM_LENGTH = 500;

/** The success envelope: `{ code: 200, msg, data }`, data left out when there is none. */
export function ok<T>(data?: T, msg = 'Success') {
  return data === undefined ? { code: ResultCode.ok, msg } : { code: ResultCode.ok, msg, data };
}

type Translate = (key: MessageKey, params?: MessageParams) => string;

/** One schema problem as fastify-type-provider-zod hands it over (a zod issue under other names). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** A nested zod issue, as found inside a union's branches. */
interface RawIssue {
  code?: string;
  path?: PropertyKey[];
  [key: string]: unknown;
}

const PART_NAMES: Record<string, MessageKey> = {
  body: 'partBody',
  querystring: 'partQuery',
  params: 'partParams',
  headers: 'partHeaders',
};

const TYPE_NAMES: Record<string, MessageKey> = {
  string: 'typeText',
  number: 'typeNumber',
  int: 'typeInteger',
  bigint: 'typeInteger',
  boolean: 'typeBoolean',
  array: 'typeList',
  tuple: 'typeList',
  set: 'typeList',
  object: 'typeObject',
  record: 'typeObject',
  map: 'typeObject',
  date: 'typeDate',
};

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** `list[2].account`: how a field is named in messages (client-chosen keys are cut short). */
export function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const segment of path) {
    const key = String(segment);
    name += /^\d+$/.test(key) ? `[${key}]` : name ? `.${clip(key, 40)}` : clip(key, 40);
  }
  return clip(name, 120);
}

function valueAt(source: unknown, path: readonly string[]): unknown {
  let value = source;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const isMissing = (value: unknown) => value === undefined || value === null;

function showValue(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '""' : clip(value, 40);
  return String(value);
}

function oneOf(t: Translate, values: unknown[]): string {
  const shown = [...new Set(values.map(showValue))];
  if (shown.length === 1) return t('fieldEquals', { value: shown[0]! });
  const listed = shown.length > 20 ? [...shown.slice(0, 20), '…'] : shown;
  return t('fieldOneOf', { values: listed.join(t('listSeparator')) });
}

function typeProblem(t: Translate, expected: unknown[]): string {
  const names = [
    ...new Set(expected.map((e) => TYPE_NAMES[String(e)]).filter((k): k is MessageKey => k !== undefined)),
  ];
  if (names.length === 0) return t('fieldFormat');
  return t('fieldType', { expected: names.map((k) => t(k)).join(t('orSeparator')) });
}

/** Too short, too long, too small or too big, in the words of what was measured. */
function boundProblem(t: Translate, p: Record<string, unknown>, low: boolean): string {
  const bound = low ? p.minimum : p.maximum;
  const shown = bound instanceof Date ? bound.toISOString() : String(bound);
  const params: MessageParams = low ? { minimum: shown } : { maximum: shown };
  if (p.origin === 'string') {
    if (low && Number(bound) === 1) return t('fieldRequired');
    return t(low ? 'fieldMinLength' : 'fieldMaxLength', params);
  }
  if (p.origin === 'array' || p.origin === 'set') {
    if (low && Number(bound) === 1) return t('fieldRequired');
    return t(low ? 'fieldMinItems' : 'fieldMaxItems', params);
  }
  if (p.inclusive === false) return t(low ? 'fieldGreater' : 'fieldLess', params);
  return t(low ? 'fieldMin' : 'fieldMax', params);
}

/** A union fails as a whole: say what its branches wanted, or the problem of the branch that fit. */
function unionProblem(t: Translate, p: Record<string, unknown>, value: unknown): string {
  const branches = Array.isArray(p.errors) ? (p.errors as RawIssue[][]) : [];
  const firsts = branches.map((issues) => issues[0]);
  if (firsts.length === 0 || firsts.some((i) => !i || (i.path?.length ?? 0) > 0)) return t('fieldFormat');
  const issues = firsts as RawIssue[];
  if (issues.every((i) => i.code === 'invalid_value')) {
    return oneOf(
      t,
      issues.flatMap((i) => (Array.isArray(i.values) ? i.values : [])),
    );
  }
  if (isMissing(value)) return t('fieldRequired');
  // A branch of the value's own type that failed a check says the most (a too-long text, say).
  const fitted = issues.find((i) => i.code !== 'invalid_type' && i.code !== 'invalid_value');
  if (fitted) return problemOf(t, String(fitted.code), fitted, value);
  return typeProblem(
    t,
    issues.filter((i) => i.code === 'invalid_type').map((i) => i.expected),
  );
}

function problemOf(t: Translate, code: string, p: Record<string, unknown>, value: unknown): string {
  switch (code) {
    case 'invalid_type':
      return isMissing(value) ? t('fieldRequired') : typeProblem(t, [p.expected]);
    case 'too_small':
      return boundProblem(t, p, true);
    case 'too_big':
      return boundProblem(t, p, false);
    case 'invalid_value':
      return oneOf(t, Array.isArray(p.values) ? p.values : []);
    case 'invalid_union':
      return unionProblem(t, p, value);
    case 'not_multiple_of':
      return t('fieldMultipleOf', { divisor: String(p.divisor) });
    case 'unrecognized_keys': {
      const keys = Array.isArray(p.keys) ? p.keys.slice(0, 5).map((k) => clip(String(k), 40)) : [];
      return t('fieldUnknownKeys', { keys: keys.join(t('listSeparator')) });
    }
    case 'custom': {
      // A schema's own check may name its problem: `.refine(fn, { params: { problem: 'fieldControlChars' } })`.
      const named = (p.params as { problem?: unknown } | undefined)?.problem;
      return isMessageKey(named) ? t(named) : t('fieldFormat');
    }
    default:
      // invalid_format, invalid_key, invalid_element and anything newer: never zod's English text.
      return t('fieldFormat');
  }
}

/**
 * The message of a failed schema check: the field (or the part of the request) and what is wrong
 * with it, in the caller's language. `source` is the part as received, to tell a missing value
 * from one of the wrong type.
 */
export function describeValidation(
  t: Translate,
  issue: ValidationIssue,
  context: string | undefined,
  source: unknown,
): string {
  const path = issue.instancePath.split('/').filter(Boolean);
  const p = issue.params ?? {};
  // A discriminated union that matched no branch: the discriminating field is the one at fault.
  if (issue.keyword === 'invalid_union' && typeof p.discriminator === 'string') {
    path.push(p.discriminator);
    const value = valueAt(source, path);
    return t('invalidField', {
      field: fieldName(path),
      problem: isMissing(value) ? t('fieldRequired') : t('fieldValue'),
    });
  }
  const problem = problemOf(t, issue.keyword, p, valueAt(source, path));
  if (path.length === 0) return t('invalidPart', { part: t(PART_NAMES[context ?? 'body'] ?? 'partBody'), problem });
  return t('invalidField', { field: fieldName(path), problem });
}

function describeFieldError(t: Translate, error: FieldError): string {
  const problem = t(error.problem, error.problemParams);
  if (!error.field) return t('invalidPart', { part: t(PART_NAMES[error.part ?? 'body'] ?? 'partBody'), problem });
  return t('invalidField', { field: error.field, problem });
}

/**
 * Where the first NUL character of a received value is (a string, or an object key), or null.
 * Databases cannot store it (PostgreSQL refuses it in text), so no field may carry one.
 */
export function nulPath(value: unknown): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  let budget = 100_000;
  while (stack.length > 0 && budget-- > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return item.path;
    } else if (item.value !== null && typeof item.value === 'object' && item.path.length < 64) {
      for (const [key, child] of Object.entries(item.value)) {
        if (key.includes('\u0000')) return [...item.path, key.replaceAll('\u0000', '\\0')];
        stack.push({ value: child, path: [...item.path, key] });
      }
    }
  }
  return null;
}

/** The request part a validation context names, as received (validation failed, so untouched). */
function partOf(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return request.body;
}

/** busboy's own errors (no status): a multipart body that is cut off or has no boundary. */
const MULTIPART_BROKEN =
  /^(Multipart: |Unexpected end of multipart data|Unsupported Content-Type|Missing Content-Type|Boundary required)|terminated early due to unexpected end of multipart data/;

function isMultipartRequest(request: FastifyRequest): boolean {
  return /^multipart\//i.test(String(request.headers['content-type'] ?? ''));
}

/** A value the database refused as out of range or malformed (SQLSTATE class 22), never a server fault. */
function isDataException(error: unknown): boolean {
  const e = error as { code?: unknown; severity?: unknown };
  if (e.code === 'SQLITE_TOOBIG' || e.code === 'SQLITE_MISMATCH') return true;
  return typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && typeof e.severity === 'string';
}

interface Answer {
  code: number;
  key: MessageKey;
  params?: MessageParams;
}

/** Envelope code and message for the framework's and plugins' own errors, by what went wrong. */
function frameworkAnswer(error: FastifyError, request: FastifyRequest): Answer | null {
  const failed = (key: MessageKey, params?: MessageParams): Answer => ({ code: ResultCode.failed, key, params });
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return failed('jsonInvalid');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return failed('mediaTypeUnsupported');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return failed('bodyInvalid');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return request.url.length > MAX_URL_LENGTH
        ? failed('urlTooLong', { maximum: MAX_URL_LENGTH })
        : failed('pathParamTooLong', { maximum: MAX_PARAM_LENGTH });
    case 'FST_ERR_BAD_URL':
      return failed('urlInvalid');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return failed('multipartRequired');
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_PROTO_VIOLATION':
      return failed('multipartInvalid');
  }
  const status = error.statusCode;
  if (status === undefined && isMultipartRequest(request) && MULTIPART_BROKEN.test(String(error.message))) {
    return failed('multipartInvalid');
  }
  if (status === undefined || status >= 500 || status < 400) return null;
  // The JSON parser's syntax errors (and refused __proto__ keys) carry only a 400.
  if (status === 400 && error instanceof SyntaxError) return failed('jsonInvalid');
  return answerForStatus(status);
}

/** The envelope for a bare HTTP failure status. */
function answerForStatus(status: number): Answer {
  if (status === 404 || status === 405) return { code: ResultCode.notFound, key: 'notFound' };
  if (status === 403) return { code: ResultCode.forbidden, key: 'forbidden' };
  if (status === 413) return { code: ResultCode.tooLarge, key: 'tooLarge' };
  if (status === 429) return { code: ResultCode.tooMany, key: 'tooMany' };
  if (status >= 500) return { code: ResultCode.error, key: 'internal' };
  return { code: ResultCode.failed, key: 'requestInvalid' };
}

function send(reply: FastifyReply, code: number, msg: string, data?: unknown) {
  const body = data === undefined ? { code, msg } : { code, msg, data };
  // A route may have set another type (an image, a file) before it failed: the envelope is JSON.
  return reply.status(httpStatusFor(code)).type('application/json; charset=utf-8').send(body);
}

/**
 * Puts every answer, failures included, into the envelope: validation problems name the field and
 * what is wrong with it, unknown routes answer 404, over-long URLs and malformed bodies 400, and
 * unexpected errors 500 without leaking stack or SQL.
 */
export function registerEnvelope(app: FastifyInstance): void {
  app.decorateRequest('language', 'zh-CN');
  app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, params?: MessageParams) {
    return translate(this.language, key, params);
  });
  // Runs before access control (registered first): an over-long URL is reported as such, with or
  // without a token.
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = pickLanguage(request.headers['accept-language']);
    if (request.originalUrl.length > MAX_URL_LENGTH) {
      done(new AppError(ResultCode.failed, 'urlTooLong', { maximum: MAX_URL_LENGTH }));
      return;
    }
    done();
  });
  // NUL in any received text is refused before the schemas run, naming the field.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = nulPath(value);
      if (path) {
        done(new FieldError(fieldName(path), 'fieldControlChars', undefined, context));
        return;
      }
    }
    done();
  });

  // A plugin's bare failure (the websocket route answers a plain GET with an empty 404): the envelope.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || (payload !== undefined && payload !== null && payload !== '')) {
      done(null, payload);
      return;
    }
    const answer = answerForStatus(reply.statusCode);
    reply.status(httpStatusFor(answer.code)).type('application/json; charset=utf-8');
    done(null, JSON.stringify({ code: answer.code, msg: translate(request.language, answer.key) }));
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const t: Translate = (key, params) => translate(request.language, key, params);
    try {
      if (error instanceof FieldError) return send(reply, error.code, describeFieldError(t, error));
      if (error instanceof AppError) return send(reply, error.code, t(error.messageKey, error.params), error.data);
      if (Array.isArray(error.validation) && error.validation.length > 0) {
        if (!hasZodFastifySchemaValidationErrors(error)) return send(reply, ResultCode.failed, t('requestInvalid'));
        const first = error.validation[0] as unknown as ValidationIssue;
        const context = error.validationContext;
        return send(reply, ResultCode.failed, describeValidation(t, first, context, partOf(request, context)));
      }
      const answer = frameworkAnswer(error, request);
      if (answer) return send(reply, answer.code, t(answer.key, answer.params));
      if (isDataException(error)) {
        request.log.warn({ err: error }, 'value refused by the database');
        return send(reply, ResultCode.failed, t('valueOutOfRange'));
      }
    } catch (describing) {
      // Describing the failure must not become a failure of its own outside the envelope.
      request.log.error({ err: describing }, 'error while describing an error');
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, ResultCode.error, t('internal'));
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, ResultCode.notFound, request.t('notFound'));
}

/**
 * The router's own refusals (a path parameter over MAX_PARAM_LENGTH, a URL that cannot be decoded),
 * which happen before any hook: answered in the envelope like everything else.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = pickLanguage(request.headers['accept-language']);
  request.language = language;
  reply.header('x-request-id', request.id);
  const answer = frameworkAnswer(error, request);
  if (answer) return send(reply, answer.code, translate(language, answer.key, answer.params));
  request.log.error({ err: error }, 'unexpected framework error');
  return send(reply, ResultCode.error, translate(language, 'internal'));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an URL or headers over Node's
 * header size limit, a garbled request line): the envelope is written to the socket directly.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const language = pickLanguage(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(raw)?.[1]);
  const key: MessageKey = error.code === 'HPE_HEADER_OVERFLOW' ? 'headersTooLarge' : 'requestInvalid';
  const body = JSON.stringify({ code: ResultCode.failed, msg: translate(language, key) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
