import { fireEvent, screen, waitFor } from '@testing-library/react';
import SparkMD5 from 'spark-md5';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { useSessionStore } from '../../stores/session.ts';
import { currentUser } from '../../test/fixtures.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { renderApp } from '../../test/render-app.tsx';

interface ServerOptions {
  captcha?: boolean;
  loginFails?: string;
}

function fakeServer({ captcha = false, loginFails }: ServerOptions = {}) {
  return mockFetch((url) => {
    if (url.pathname.startsWith('/prod/api/oauth/getConfig/'))
      return jsonResponse(envelope({ enableVerificationCode: captcha, verificationCodeNumber: 5 }));
    if (url.pathname === '/prod/api/oauth/Login')
      return loginFails
        ? jsonResponse({ code: 400, msg: loginFails }, 400)
        : jsonResponse(envelope({ token: 'Bearer fresh', theme: 'classic' }));
    if (url.pathname === '/prod/api/oauth/CurrentUser') return jsonResponse(envelope(currentUser()));
    return jsonResponse(envelope(null));
  });
}

async function openLogin(path = '/login?redirect=%2Fhome') {
  const app = renderApp(path);
  await screen.findByTestId('login-account', undefined, { timeout: 8000 });
  return app;
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('login page', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    localStorage.clear();
    useSessionStore.getState().resetToken();
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the three sign-in methods, the product name and the sub-account hint', async () => {
    fakeServer();
    await openLogin();
    expect(screen.getByText('Password')).toBeTruthy();
    expect(screen.getByText('Scan with app')).toBeTruthy();
    expect(screen.getByText('SMS code')).toBeTruthy();
    expect(screen.getByText('Atrium')).toBeTruthy();
    expect(screen.getByText('Sub-account sign-in: mobile@account')).toBeTruthy();
    fireEvent.click(screen.getByText('Scan with app'));
    expect(await screen.findByText(/has not enabled sign-in by app scan/)).toBeTruthy();
  });

  it('signs in with the md5 of the password and goes to the redirect', async () => {
    const { calls } = fakeServer();
    const { router } = await openLogin('/login?redirect=%2Fhome%3Fx%3D1');
    type('login-account', 'admin');
    fireEvent.blur(screen.getByTestId('login-account'));
    type('login-password', 'admin123');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('home-page', undefined, { timeout: 5000 });
    expect(router.state.location.pathname + router.state.location.search).toBe('/home?x=1');
    const login = calls.find((c) => c.url.pathname === '/prod/api/oauth/Login');
    const form = new URLSearchParams(String(login?.init.body));
    expect(form.get('account')).toBe('admin');
    expect(form.get('password')).toBe(SparkMD5.hash('admin123'));
    expect(form.get('password')).toBe('0192023a7bbd73250516f069df18b500');
    expect(form.get('grant_type')).toBe('password');
    expect(form.get('origin')).toBe('password');
    expect(useSessionStore.getState().token).toBe('Bearer fresh');
    expect(calls.filter((c) => c.url.pathname.startsWith('/prod/api/oauth/getConfig/'))).toHaveLength(1);
  });

  it('shows the server message under the form when sign-in fails', async () => {
    fakeServer({ loginFails: 'Wrong account or password' });
    const { router } = await openLogin();
    // After mount, replacing the App-bound toasts the providers registered.
    const feedback = mockFeedback();
    type('login-account', 'admin');
    type('login-password', 'nope');
    fireEvent.click(screen.getByTestId('login-submit'));
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('Wrong account or password');
    expect(feedback.message.error).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Wrong account or password', duration: 1.5 }),
    );
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the captcha when the account needs one and sends code and timestamp', async () => {
    const { calls } = fakeServer({ captcha: true });
    await openLogin();
    type('login-account', 'admin');
    fireEvent.blur(screen.getByTestId('login-account'));
    const image = (await screen.findByTestId('login-captcha')) as HTMLImageElement;
    const [, length, timestamp] =
      /\/prod\/api\/oauth\/ImageCode\/(\d+)\/(\d+)$/.exec(image.getAttribute('src') ?? '') ?? [];
    expect(length).toBe('5');
    fireEvent.click(image);
    await waitFor(() => expect(image.getAttribute('src')).not.toContain(`/${timestamp}`));
    const refreshed = /\/(\d+)$/.exec(image.getAttribute('src') ?? '')?.[1];
    type('login-password', 'admin123');
    type('login-code', 'ab12c');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('home-page', undefined, { timeout: 5000 });
    const login = calls.find((c) => c.url.pathname === '/prod/api/oauth/Login');
    const form = new URLSearchParams(String(login?.init.body));
    expect(form.get('code')).toBe('ab12c');
    expect(form.get('timestamp')).toBe(refreshed);
  });

  it('warns when Caps Lock is on while typing the password', async () => {
    fakeServer();
    await openLogin();
    const password = screen.getByTestId('login-password');
    expect(screen.queryByTestId('login-capslock')).toBeNull();
    const event = new KeyboardEvent('keyup', { key: 'A', bubbles: true });
    Object.defineProperty(event, 'getModifierState', { value: (key: string) => key === 'CapsLock' });
    fireEvent(password, event);
    expect((await screen.findByTestId('login-capslock')).textContent).toBe('Caps Lock is on');
  });
});
