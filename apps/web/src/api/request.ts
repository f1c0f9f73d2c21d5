import { ResultCode, SESSION_END_CODES, type Envelope } from '@atrium/shared';
import { toastError } from '../app/feedback.ts';
import i18n from '../locales/index.ts';
import { goToLogin } from '../router/navigation.ts';

/** Base path of every call (docs/api-conventions.md); the server strips it. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/prod';
export const DEFAULT_TIMEOUT = 60_000;
/** Third-party sync, e-mail receive, authority data and data-sync execute calls. */
export const LONG_TIMEOUT = 100_000;

/**
 * What the wrapper needs of the signed-in session. The session store (stores/session.ts) binds itself
 * here when it loads, so the API layer never imports a store; until then no token is sent.
 */
export interface SessionBinding {
  /** The token to send as Authorization, if any. */
  token(): string | null;
  /** Drops the token and everything cached with it. */
  reset(): void;
}

let session: SessionBinding = { token: () => null, reset: () => {} };

export function bindSession(binding: SessionBinding): void {
  session = binding;
}

/** Calls whose 600/601/602 answers are a wrong password, not an ended session. */
const AUTH_CALLS = ['/api/oauth/Login', '/api/oauth/LockScreen'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  /** Path under the base, e.g. '/api/oauth/CurrentUser'. Absolute http(s) URLs are used as they are. */
  url: string;
  method?: HttpMethod;
  /** GET: query parameters. Other methods: the body (JSON, or form-encoded with `form`). */
  data?: unknown;
  /** Query parameters added for any method. */
  params?: Query;
  /** Send `data` as application/x-www-form-urlencoded (the login call). */
  form?: boolean;
  /** Milliseconds; DEFAULT_TIMEOUT unless given (LONG_TIMEOUT for the long calls). */
  timeout?: number;
  headers?: Record<string, string>;
  /** Cancels the call without an error toast. */
  signal?: AbortSignal;
  /**
   * The caller shows the server's refusal itself (next to the field it concerns), so the envelope's
   * message is not also toasted. Network and HTTP failures still toast.
   */
  quiet?: boolean;
}

/** Rejection of every failed call. `response` is the whole envelope when the server sent one. */
export class RequestError extends Error {
  readonly code: number | null;
  readonly response: Envelope | undefined;

  constructor(message: string, code: number | null, response?: Envelope) {
    super(message);
    this.name = 'RequestError';
    this.code = code;
    this.response = response;
  }
}

function defaultErrorText(): string {
  return i18n.t('request.defaultError');
}

function appendQuery(search: URLSearchParams, query: Query | undefined): void {
  if (!query) return;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
}

function toQuery(data: unknown): Query | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const out: Query = {};
  for (const [key, value] of Object.entries(data)) {
    // Nested objects have no agreed query form; JSON keeps them readable for the server.
    out[key] =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? JSON.stringify(value)
        : (value as QueryValue);
  }
  return out;
}

export function buildUrl(url: string, query?: Query, now: number = Date.now()): string {
  const absolute = /^https?:\/\//i.test(url);
  const [path, existing = ''] = (absolute ? url : API_BASE + url).split('?');
  const search = new URLSearchParams(existing);
  appendQuery(search, query);
  // Cache-buster of the original client; the server ignores it.
  search.set('n', String(Math.floor(now / 1000)));
  return `${path}?${search.toString()}`;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

function isAuthCall(url: string): boolean {
  const path = url.split('?')[0];
  return AUTH_CALLS.some((call) => path.endsWith(call));
}

interface Sent {
  response: Response;
}

async function send(options: RequestOptions): Promise<Sent> {
  const method = options.method ?? 'GET';
  const isGet = method === 'GET';
  const query: Query = { ...(isGet ? toQuery(options.data) : undefined), ...options.params };
  const headers: Record<string, string> = {
    'jnpf-origin': 'pc',
    'Accept-Language': i18n.language,
    ...options.headers,
  };
  const token = session.token();
  if (token) headers.Authorization = token;

  let body: BodyInit | undefined;
  if (!isGet && options.data !== undefined) {
    if (options.form) {
      const form = new URLSearchParams();
      appendQuery(form, toQuery(options.data));
      body = form.toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (options.data instanceof FormData || options.data instanceof Blob) {
      body = options.data;
    } else {
      body = JSON.stringify(options.data);
      headers['Content-Type'] = 'application/json;charset=UTF-8';
    }
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? DEFAULT_TIMEOUT);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);
  try {
    const response = await fetch(buildUrl(options.url, query), {
      method,
      headers,
      body,
      signal: controller.signal,
    });
    return { response };
  } catch (cause) {
    if (options.signal?.aborted) throw new RequestError('aborted', null);
    // Network failure or timeout: the default error text.
    const text = defaultErrorText();
    toastError(text);
    throw Object.assign(new RequestError(text, null), { cause });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function failHttp(status: number): never {
  const text = defaultErrorText();
  toastError(text);
  throw new RequestError(text, status);
}

/**
 * Ends the session on this side once the server has said it is over (codes 600/601/602, the live
 * socket's logout push): drops the token and everything cached with it, then opens the sign-in page.
 */
export function endSession(): void {
  session.reset();
  goToLogin();
}

/**
 * One call with the envelope check: resolves with the envelope when code is 200, else shows the
 * server message (or the default text) for 1.5 s and rejects with a RequestError; on 600/601/602
 * (except sign-in and unlock calls) it also ends the session and goes to the sign-in page.
 */
export async function request<T = unknown>(options: RequestOptions): Promise<Envelope<T>> {
  const { response } = await send(options);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!isEnvelope(body)) return failHttp(response.status);
  if (body.code !== ResultCode.ok) {
    const text = body.msg || defaultErrorText();
    if (!options.quiet) toastError(text);
    if (SESSION_END_CODES.includes(body.code) && !isAuthCall(options.url)) endSession();
    throw new RequestError(text, body.code, body);
  }
  return body as Envelope<T>;
}

/**
 * Pass-through without the code check (data-source test, online-development config,
 * exports): resolves with the parsed JSON body, or a Blob for any other content. Only a network or
 * HTTP failure without a JSON body rejects.
 */
export async function requestRaw<T = unknown>(options: RequestOptions): Promise<T | Blob> {
  const { response } = await send(options);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return (await response.json()) as T;
    } catch {
      return failHttp(response.status);
    }
  }
  if (!response.ok) return failHttp(response.status);
  return response.blob();
}

/** Absolute path of a resource under the API base for <img src> and downloads. */
export function apiUrl(path: string): string {
  return API_BASE + path;
}
