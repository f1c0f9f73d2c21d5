import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../locales/index.ts';
import { useSessionStore } from '../stores/session.ts';
import { useTagsStore } from '../stores/tags.ts';
import { envelope, headerOf, jsonResponse, mockFeedback, mockFetch, mockNavigator } from '../test/helpers.ts';
import { login } from './oauth.ts';
import { DEFAULT_TIMEOUT, LONG_TIMEOUT, RequestError, request, requestRaw } from './request.ts';

const DEFAULT_TEXT = '请求出错，请重试';

describe('request wrapper', () => {
  let feedback: ReturnType<typeof mockFeedback>;

  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    sessionStorage.clear();
    useSessionStore.getState().resetToken();
    feedback = mockFeedback();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('S1-7-01 S1-7-02 S1-7-04 S1-7-05 calls under /prod with origin header, n timestamp and GET data as query', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope({ ok: true })));
    const before = Math.floor(Date.now() / 1000);
    const res = await request<{ ok: boolean }>({
      url: '/api/x',
      data: { keyword: 'a b', currentPage: 2, empty: null },
    });
    expect(res.data).toEqual({ ok: true });
    const { url, init } = calls[0];
    expect(url.pathname).toBe('/prod/api/x');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(url.searchParams.get('keyword')).toBe('a b');
    expect(url.searchParams.get('currentPage')).toBe('2');
    expect(url.searchParams.has('empty')).toBe(false);
    const n = Number(url.searchParams.get('n'));
    expect(n).toBeGreaterThanOrEqual(before);
    expect(n).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(headerOf(init, 'jnpf-origin')).toBe('pc');
    expect(headerOf(init, 'Authorization')).toBeUndefined();
  });

  it('S1-7-03 S1-7-06 sends the stored token as Authorization and bodies as JSON', async () => {
    useSessionStore.getState().setToken('Bearer abc');
    const { calls } = mockFetch(() => jsonResponse(envelope(null)));
    await request({ url: '/api/y', method: 'POST', data: { a: 1 } });
    const { url, init } = calls[0];
    expect(headerOf(init, 'Authorization')).toBe('Bearer abc');
    expect(headerOf(init, 'Content-Type')).toContain('application/json');
    expect(init.body).toBe('{"a":1}');
    expect(url.searchParams.has('n')).toBe(true);
  });

  it('S1-8-01 toasts the server message for 1.5 s and rejects on a non-200 code', async () => {
    mockFetch(() => jsonResponse({ code: 400, msg: 'account is required' }, 400));
    const error = await request({ url: '/api/z' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).code).toBe(400);
    expect((error as RequestError).response).toEqual({ code: 400, msg: 'account is required' });
    expect(feedback.message.error).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'account is required', duration: 1.5 }),
    );
  });

  it('S1-8-01 uses the default text when the server gives no message', async () => {
    mockFetch(() => jsonResponse({ code: 500, msg: '' }, 500));
    await expect(request({ url: '/api/z' })).rejects.toThrow(DEFAULT_TEXT);
    expect(feedback.message.error).toHaveBeenCalledWith(
      expect.objectContaining({ content: DEFAULT_TEXT, duration: 1.5 }),
    );
  });

  it('S1-8-04 toasts the default text on a network error', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request({ url: '/api/z' })).rejects.toThrow(DEFAULT_TEXT);
    expect(feedback.message.error).toHaveBeenCalledWith(
      expect.objectContaining({ content: DEFAULT_TEXT, duration: 1.5 }),
    );
  });

  it('S1-8-04 toasts the default text on an HTTP error without an envelope', async () => {
    mockFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const error = (await request({ url: '/api/z' }).catch((e: unknown) => e)) as RequestError;
    expect(error.message).toBe(DEFAULT_TEXT);
    expect(error.code).toBe(502);
    expect(feedback.message.error).toHaveBeenCalledTimes(1);
  });

  it('aborts after the default timeout of 60 s', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request({ url: '/api/slow' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(((await pending) as RequestError).message).toBe(DEFAULT_TEXT);
    expect(feedback.message.error).toHaveBeenCalledWith(expect.objectContaining({ content: DEFAULT_TEXT }));
  });

  it('S1-7-07 S2-9-30 honours a longer timeout of 100000 ms for the long calls', async () => {
    expect(LONG_TIMEOUT).toBe(100000);
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request({ url: '/api/sync', timeout: LONG_TIMEOUT }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT + 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(LONG_TIMEOUT - DEFAULT_TIMEOUT);
    expect(signal?.aborted).toBe(true);
    await pending;
  });

  it('cancels silently when the caller aborts', async () => {
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const caller = new AbortController();
    const pending = request({ url: '/api/x', signal: caller.signal }).catch((e: unknown) => e);
    caller.abort();
    expect(((await pending) as RequestError).message).toBe('aborted');
    expect(feedback.message.error).not.toHaveBeenCalled();
  });

  it.each([600, 601, 602])(
    'S1-8-02 S1-4-02 on code %i resets the session and goes to /login with redirect',
    async (code) => {
      const nav = mockNavigator('/system/user?page=2');
      useSessionStore.getState().setToken('Bearer abc');
      useSessionStore.setState({ menuList: [{ id: 'm' } as never], loaded: true });
      useTagsStore.getState().addView({ path: '/system/user', title: 'Users' });
      mockFetch(() => jsonResponse({ code, msg: 'session expired' }, 401));
      await expect(request({ url: '/api/x' })).rejects.toBeInstanceOf(RequestError);
      expect(feedback.message.error).toHaveBeenCalledWith(expect.objectContaining({ content: 'session expired' }));
      const state = useSessionStore.getState();
      expect(state.token).toBeNull();
      expect(state.menuList).toEqual([]);
      expect(state.loaded).toBe(false);
      expect(sessionStorage.getItem('ATRIUM__TOKEN')).toBeNull();
      expect(useTagsStore.getState().visitedViews).toEqual([]);
      expect(nav.navigate).toHaveBeenCalledWith('/login?redirect=%2Fsystem%2Fuser%3Fpage%3D2', { replace: true });
    },
  );

  it('S1-8-02 does not navigate when already on /login', async () => {
    const nav = mockNavigator('/login?redirect=%2Fhome');
    mockFetch(() => jsonResponse({ code: 600, msg: 'expired' }, 401));
    await expect(request({ url: '/api/x' })).rejects.toBeInstanceOf(RequestError);
    expect(nav.navigate).not.toHaveBeenCalled();
  });

  it.each(['/api/oauth/Login', '/api/oauth/LockScreen'])('keeps the session on 600-602 from %s', async (url) => {
    const nav = mockNavigator('/lockScreen');
    useSessionStore.getState().setToken('Bearer abc');
    mockFetch(() => jsonResponse({ code: 602, msg: 'wrong password' }, 401));
    await expect(request({ url, method: 'POST', data: {} })).rejects.toBeInstanceOf(RequestError);
    expect(feedback.message.error).toHaveBeenCalledWith(expect.objectContaining({ content: 'wrong password' }));
    expect(useSessionStore.getState().token).toBe('Bearer abc');
    expect(nav.navigate).not.toHaveBeenCalled();
  });

  it('S1-8-14 S2-8-19 passes raw responses through without the code check', async () => {
    mockFetch(() => jsonResponse({ code: 400, msg: 'connection refused' }, 200));
    const body = await requestRaw({ url: '/api/system/DataSource/Actions/Test', method: 'POST', data: {} });
    expect(body).toEqual({ code: 400, msg: 'connection refused' });
    expect(feedback.message.error).not.toHaveBeenCalled();
  });

  it('passes non-JSON raw responses through as a Blob', async () => {
    mockFetch(() => new Response('a,b\n1,2', { headers: { 'Content-Type': 'text/csv' } }));
    const body = await requestRaw({ url: '/api/export' });
    expect(body).toBeInstanceOf(Blob);
    expect(await (body as Blob).text()).toBe('a,b\n1,2');
  });
});

describe('login call', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    useSessionStore.getState().resetToken();
    mockFeedback();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('S1-7-08 posts form-encoded credentials with the fixed client as query parameters', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope({ token: 'Bearer t', theme: 'classic' })));
    await login({ account: 'admin', password: '0192023a7bbd73250516f069df18b500', code: 'ab12', timestamp: 123 });
    const { url, init } = calls[0];
    expect(url.pathname).toBe('/prod/api/oauth/Login');
    expect(init.method).toBe('POST');
    expect(url.searchParams.get('client_id')).toBe('admin');
    expect(url.searchParams.get('client_secret')).toBe('123456');
    expect(url.searchParams.get('scope')).toBe('all');
    expect(headerOf(init, 'Content-Type')).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(init.body));
    expect(Object.fromEntries(form)).toEqual({
      account: 'admin',
      password: '0192023a7bbd73250516f069df18b500',
      code: 'ab12',
      timestamp: '123',
      origin: 'password',
      grant_type: 'password',
    });
  });

  it('stores the token and sets the blend layout on success', async () => {
    mockFetch(() => jsonResponse(envelope({ token: 'Bearer t', theme: 'classic' })));
    await useSessionStore.getState().login({ account: 'admin', password: 'x' });
    expect(useSessionStore.getState().token).toBe('Bearer t');
    expect(sessionStorage.getItem('ATRIUM__TOKEN')).toBe('"Bearer t"__string');
    expect(localStorage.getItem('ATRIUM__LAYOUTSETTINGS')).toMatch(/^\{"version":2,"layoutType":"blend",.*\}__object$/);
  });

  it('S1-8-03 rejects with the whole response on failure', async () => {
    mockFetch(() => jsonResponse({ code: 400, msg: 'wrong account or password' }, 400));
    await expect(useSessionStore.getState().login({ account: 'a', password: 'b' })).rejects.toEqual({
      code: 400,
      msg: 'wrong account or password',
    });
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('S1-8-03 rejects with the verification text on an empty response', async () => {
    await i18n.changeLanguage('en-US');
    mockFetch(() => jsonResponse({ code: 200, msg: 'Success' }));
    await expect(useSessionStore.getState().login({ account: 'a', password: 'b' })).rejects.toBe(
      'verification failed, please log in again',
    );
    await i18n.changeLanguage('zh-CN');
  });
});
