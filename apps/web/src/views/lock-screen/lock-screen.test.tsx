import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import SparkMD5 from 'spark-md5';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { LOCK_CHANNEL, sessionTag } from '../../stores/screen-lock.ts';
import { useSessionStore } from '../../stores/session.ts';
import { currentUser, userInfo } from '../../test/fixtures.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { renderApp } from '../../test/render-app.tsx';

const TOKEN = 'Bearer lock-test';
// Lazy pages and the layout load slowly while other test files share the two cores.
const WAIT = { timeout: 8000 };

function fakeServer({ serverLocked = false } = {}) {
  return mockFetch((url, init) => {
    if (url.pathname === '/prod/api/oauth/CurrentUser')
      return jsonResponse(envelope({ ...currentUser(), userInfo: userInfo({ locked: serverLocked }) }));
    if (url.pathname === '/prod/api/oauth/LockScreen' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { password: string };
      return body.password === SparkMD5.hash('admin123')
        ? jsonResponse(envelope(null))
        : jsonResponse({ code: 400, msg: '密码错误' }, 400);
    }
    return jsonResponse(envelope(null));
  });
}

function signedIn() {
  sessionStorage.setItem('ATRIUM__TOKEN', JSON.stringify(TOKEN) + '__string');
  useSessionStore.setState({ token: TOKEN, loaded: false, locked: false, userInfo: null });
}

describe('lock screen', { timeout: 30_000 }, () => {
  let feedback: ReturnType<typeof mockFeedback>;
  beforeEach(async () => {
    sessionStorage.clear();
    localStorage.clear();
    useSessionStore.getState().resetToken();
    feedback = mockFeedback();
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('locks, keeps every route on the lock screen, refuses a wrong password once (inline, no toast) and returns after unlocking', async () => {
    const { calls } = fakeServer();
    signedIn();
    const { router } = renderApp('/profile?tab=password');
    await screen.findByTestId('profile-page', undefined, { timeout: 8000 });

    await act(() => useSessionStore.getState().lockScreen());
    await screen.findByTestId('lock-screen', undefined, WAIT);
    expect(router.state.location.pathname).toBe('/lockScreen');
    expect(sessionStorage.getItem('ATRIUM__LOCK')).toBe('1__number');
    expect(calls.some((c) => c.url.pathname === '/prod/api/oauth/LockScreen' && c.init.method === 'PUT')).toBe(true);

    await act(() => router.navigate('/home'));
    expect(router.state.location.pathname).toBe('/lockScreen');

    fireEvent.change(screen.getByTestId('lock-password'), { target: { value: 'wrong1' } });
    fireEvent.click(screen.getByTestId('lock-submit'));
    await waitFor(() => expect(screen.getByTestId('lock-error').textContent).toBe('密码错误'), WAIT);
    // Said once, under the field: no toast repeats it.
    expect(feedback.message.error).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/lockScreen');
    expect(useSessionStore.getState().locked).toBe(true);

    fireEvent.change(screen.getByTestId('lock-password'), { target: { value: 'admin123' } });
    fireEvent.click(screen.getByTestId('lock-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), WAIT);
    expect(router.state.location.search).toBe('?tab=password');
    expect(useSessionStore.getState().locked).toBe(false);
    expect(sessionStorage.getItem('ATRIUM__LOCK')).toBeNull();
    const unlock = calls.find((c) => c.url.pathname === '/prod/api/oauth/LockScreen' && c.init.method === 'POST');
    expect(JSON.parse(String(unlock?.init.body))).toEqual({ account: 'admin', password: SparkMD5.hash('wrong1') });
  });

  it('locks when CurrentUser says the session is locked (a reload that lost session storage)', async () => {
    fakeServer({ serverLocked: true });
    signedIn();
    const { router } = renderApp('/home');
    await screen.findByTestId('lock-screen', undefined, { timeout: 8000 });
    expect(router.state.location.pathname).toBe('/lockScreen');
    await waitFor(() => expect(screen.getByText('Administrator')).toBeTruthy(), WAIT);
  });

  it('follows a lock and an unlock made in another tab of the same session only', async () => {
    fakeServer();
    signedIn();
    const { router } = renderApp('/home');
    await screen.findByTestId('home-page', undefined, { timeout: 8000 });
    const otherTab = new BroadcastChannel(LOCK_CHANNEL);

    otherTab.postMessage({ type: 'lock', session: sessionTag('Bearer someone-else') });
    await new Promise((r) => setTimeout(r, 50));
    expect(useSessionStore.getState().locked).toBe(false);

    otherTab.postMessage({ type: 'lock', session: sessionTag(TOKEN) });
    await screen.findByTestId('lock-screen', undefined, WAIT);
    expect(router.state.location.pathname).toBe('/lockScreen');

    otherTab.postMessage({ type: 'unlock', session: sessionTag(TOKEN) });
    await screen.findByTestId('home-page', undefined, WAIT);
    expect(useSessionStore.getState().locked).toBe(false);
    otherTab.close();
  });
});
