import type { Envelope } from '@atrium/shared';
import { vi } from 'vitest';
import { setFeedback, type Feedback } from '../app/feedback.ts';
import { setNavigator, type Navigator } from '../router/navigation.ts';
import { fakeMediaQuery } from './media.ts';

/** A fetch Response carrying a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function envelope<T>(data: T, code = 200, msg = 'Success'): Envelope<T> {
  return { code, msg, data };
}

export interface FetchCall {
  url: URL;
  init: RequestInit;
}

/** Replaces fetch with a mock answering by `handler`; returns the recorded calls. */
export function mockFetch(handler: (url: URL, init: RequestInit) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export function mockFeedback() {
  const feedback = {
    message: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() },
    modal: { confirm: vi.fn() },
    notification: { info: vi.fn(), open: vi.fn() },
  };
  setFeedback(feedback as unknown as Feedback);
  return feedback;
}

export function mockNavigator(current = '/somewhere?x=1', busy = false) {
  const nav = { navigate: vi.fn(), current: vi.fn(() => current), busy: vi.fn(() => busy) };
  setNavigator(nav satisfies Navigator);
  return nav;
}

export function headerOf(init: RequestInit, name: string): string | undefined {
  const headers = init.headers as Record<string, string> | undefined;
  if (!headers) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? headers[key] : undefined;
}

/**
 * The screen the page is shown on, as `matchMedia` answers it: a desktop matches every breakpoint
 * query, a phone only the `max-width` ones.
 */
export function screenOf(kind: 'desktop' | 'phone') {
  vi.stubGlobal('matchMedia', (query: string) =>
    fakeMediaQuery(query, kind === 'desktop' ? true : query.includes('max-width')),
  );
}
